// Builds the guests' page into web/dist (served by the BFF) and its service worker; with `--ssr`, the prerender the
// BFF runs on each publish into web/dist-ssr (its dependencies bundled in); in development, proxies the API and the site
// shell's images to the BFF.
import { readFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const bff = `http://127.0.0.1:${process.env.BFF_PORT ?? 8787}`;

/** Names the build: shown nowhere, but it tells a cached copy of the page and its stored data from a new deploy. */
const APP_VERSION = process.env.APP_VERSION ?? new Date().toISOString();

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * What a guest needs with no network: the entry and everything it imports, the dashboard's code (the first screen of
 * an invite link), the live stream's (every page opens it) and the calendar file's (adding the day to a calendar at
 * the venue needs no signal). Kept with the shell also means a page still open
 * across a deploy finds them. Sign-in, the answer form and the couple's page are cached when first used instead, so
 * a stranger's visit never downloads the sign-in code.
 */
function offlineShell(distManifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>(["index.html"]);
  const visit = (key: string) => {
    const chunk = distManifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(distManifest)) if (chunk.isEntry) visit(key);
  visit("src/app/dashboard-route.tsx");
  visit("src/lib/subscription-link.ts");
  visit("src/lib/ics-file.ts");
  return files;
}

/** Where this build writes (`--outDir` may move it): the offline shell is read from its manifest. */
let outDir = "dist";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    {
      name: "remember-out-dir",
      configResolved(config) {
        outDir = config.build.outDir;
      },
    },
    !isSsrBuild &&
      VitePWA({
        strategies: "injectManifest",
        srcDir: "src",
        filename: "sw.ts",
        // The page registers the worker itself, after first paint (lib/service-worker.ts).
        injectRegister: false,
        // The BFF serves the manifest, drawn from the published content (names, theme).
        manifest: false,
        injectManifest: {
          globPatterns: ["**/*.{js,css,html}"],
          globIgnores: ["firebase-messaging-sw.js"],
          manifestTransforms: [
            async (entries) => {
              const distManifest = JSON.parse(readFileSync(path.resolve(outDir, ".vite/manifest.json"), "utf8"));
              const shell = offlineShell(distManifest);
              return { manifest: entries.filter((entry) => shell.has(entry.url)), warnings: [] };
            },
          ],
        },
      }),
  ],
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  // Relative asset URLs let the same build work from any path the BFF serves it at.
  base: "./",
  build: isSsrBuild
    ? { outDir: "dist-ssr", emptyOutDir: true, target: "node20", copyPublicDir: false }
    : {
        outDir: "dist",
        emptyOutDir: true,
        // The budget check and the offline shell read the manifest to know what first paint needs.
        manifest: true,
      },
  // The prerender bundles its dependencies, so the BFF loads one file wherever it is deployed.
  ssr: { noExternal: true },
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
}));
