// The machine's Chromium for the end-to-end tests, the benchmark's page views and Lighthouse: one set of flags, so it
// never reaches the network (updates, sync, QUIC probes) and runs without privileges.
import { spawnSync } from "node:child_process";

/** Chromium from CHROMIUM_PATH, or the first of the usual names found on PATH. */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]) {
    const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
    if (found) return found;
  }
  throw new Error("No Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH.");
}

/** Flags that keep Chromium off the network (updates, sync, QUIC probes) and runnable without privileges. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
  "--disable-dev-shm-usage",
];

export function chromiumVersion(): string {
  return spawnSync(chromiumPath(), ["--version"], { encoding: "utf8" }).stdout.trim();
}
