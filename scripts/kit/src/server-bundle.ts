// The BFF's production bundle (server/dist/main.mjs, built by `pnpm --filter @boda/server build`): where it is, how
// to start it with plain `node`, and a refusal to run a bundle older than the sources it was built from.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./repo";

export const SERVER_DIR = path.join(REPO_ROOT, "server");
export const SERVER_BUNDLE = path.join(SERVER_DIR, "dist/main.mjs");
export const BUILD_COMMAND = "pnpm --filter @boda/server build";

/** The newest modification time among the files the bundle is built from. */
function newestSource(): { file: string; mtimeMs: number } {
  let newest = { file: "", mtimeMs: 0 };
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (!entry.name.includes(".test.")) {
        const { mtimeMs } = statSync(file);
        if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
      }
    }
  };
  visit(path.join(SERVER_DIR, "src"));
  for (const file of ["build.mjs", "package.json"].map((name) => path.join(SERVER_DIR, name))) {
    const { mtimeMs } = statSync(file);
    if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}

/**
 * The bundle's path; throws naming the fix when it is missing or older than a source file (a test of an old
 * bundle would pass or fail for the wrong reason).
 */
export function requireFreshBundle(): string {
  let built: number;
  try {
    built = statSync(SERVER_BUNDLE).mtimeMs;
  } catch {
    throw new Error(
      `The BFF's production bundle ${path.relative(REPO_ROOT, SERVER_BUNDLE)} is missing: build it with \`${BUILD_COMMAND}\`.`,
    );
  }
  const newest = newestSource();
  if (newest.mtimeMs > built) {
    throw new Error(
      `The BFF's production bundle is older than ${path.relative(REPO_ROOT, newest.file)}: rebuild it with \`${BUILD_COMMAND}\`.`,
    );
  }
  return SERVER_BUNDLE;
}

/** `node server/dist/main.mjs`, as the container image starts it. */
export function bundleCommand(nodeFlags: string[] = []): [string, string[]] {
  return [process.execPath, [...nodeFlags, requireFreshBundle()]];
}
