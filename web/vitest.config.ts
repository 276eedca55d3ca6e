// Component tests: jsdom, next to the code they cover.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    restoreMocks: true,
    // A test fails on what the page does, never on how busy a shared machine is: the tests wait on conditions, and
    // the longest of them (typing a whole household's answer) takes a few seconds of jsdom work when the machine is busy.
    testTimeout: 15_000,
  },
});
