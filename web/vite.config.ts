// Builds the guests' page into web/dist (served by the BFF) and, in development, proxies the API to the BFF.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const bff = `http://127.0.0.1:${process.env.BFF_PORT ?? 8787}`;

export default defineConfig({
  plugins: [react()],
  // Relative asset URLs let the same build work from any path the BFF serves it at.
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The budget check reads the manifest to know what first paint needs.
    manifest: true,
  },
  server: {
    proxy: {
      "/trpc": bff,
      "/healthz": bff,
      "/readyz": bff,
      // The site shell's manifest and images are drawn by the BFF from the published theme.
      "/manifest.webmanifest": bff,
      "/icons": bff,
      "/share.png": bff,
    },
  },
});
