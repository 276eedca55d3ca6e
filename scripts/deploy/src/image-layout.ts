// The container image's /app, assembled on this machine the way the Dockerfile's last stage assembles it (these
// machines cannot run Docker): the bundle, and only the production node_modules `pnpm deploy` gives the server.
import { cpSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { runToCompletion } from "@boda/kit/processes";
import { REPO_ROOT } from "@boda/kit/repo";
import { requireFreshBundle } from "@boda/kit/server-bundle";

/**
 * The same command as the Dockerfile's: the server package with its production dependencies only, laid out flat
 * (no links out of the folder), so nothing from the workspace's development dependencies can be found at run time.
 */
export const PRODUCTION_DEPENDENCIES_COMMAND = [
  "--filter",
  "@boda/server",
  "deploy",
  "--prod",
  "--legacy",
  "--config.node-linker=hoisted",
];

export interface ImageLayout {
  /** What the image's /app holds: server/{package.json,node_modules,dist}, web/dist and web/dist-ssr. */
  appDir: string;
  bundle: string;
  webDist: string;
}

/** Assembles /app under `dir` (which must be outside the repository, so no node_modules above it is found). */
export async function assembleImageLayout(dir: string, webDist: string): Promise<ImageLayout> {
  const bundle = requireFreshBundle();
  const staging = path.join(dir, "staging");
  rmSync(staging, { recursive: true, force: true });
  await runToCompletion("pnpm", [...PRODUCTION_DEPENDENCIES_COMMAND, staging], {
    cwd: REPO_ROOT,
    label: "pnpm deploy of the server's production dependencies",
  });
  const appDir = path.join(dir, "app");
  mkdirSync(path.join(appDir, "server"), { recursive: true });
  for (const name of ["package.json", "node_modules"]) {
    renameSync(path.join(staging, name), path.join(appDir, "server", name));
  }
  cpSync(path.dirname(bundle), path.join(appDir, "server/dist"), { recursive: true });
  cpSync(webDist, path.join(appDir, "web/dist"), { recursive: true });
  // The prerender of the page's HTML, which the BFF loads from beside web/dist.
  cpSync(path.join(path.dirname(webDist), "dist-ssr"), path.join(appDir, "web/dist-ssr"), {
    recursive: true,
    dereference: true,
  });
  rmSync(staging, { recursive: true, force: true });
  return { appDir, bundle: path.join(appDir, "server/dist/main.mjs"), webDist: path.join(appDir, "web/dist") };
}
