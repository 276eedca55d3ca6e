// BFF tests: procedures through createCaller, real HTTP on a free port, and Firestore rules — all on emulators.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
