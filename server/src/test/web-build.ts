// A web build for tests that serve pages: a `dist` of the test's own files, with the real prerender
// (web/dist-ssr, written by `pnpm build`) beside it, where the BFF looks for it in production.
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const WEB_DIST_SSR = fileURLToPath(new URL("../../../web/dist-ssr", import.meta.url));

/** Writes `files` (path → text) into a fresh `dist`, links the prerender beside it, and returns the dist. */
export function webBuild(files: Record<string, string>): string {
  if (!existsSync(path.join(WEB_DIST_SSR, "render-public-page.js"))) {
    throw new Error(`${WEB_DIST_SSR} has no prerender: build the web app first with \`pnpm build\`.`);
  }
  const root = mkdtempSync(path.join(tmpdir(), "web-build-"));
  const dist = path.join(root, "dist");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), text);
  }
  symlinkSync(WEB_DIST_SSR, path.join(root, "dist-ssr"));
  return dist;
}
