// The BFF's production build: src/main.ts bundled by esbuild into dist/main.mjs, started with plain `node`.
// Plain JavaScript so it runs before anything is compiled: `pnpm --filter @boda/server build`.
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Left out of the bundle and loaded from node_modules at run time. firebase-admin pulls in code that reads files
 * next to itself when loaded (farmhash-modern's WebAssembly, Firestore's protos, package.json versions), which a
 * bundle moves away from; @resvg/resvg-js (which draws the share image) loads a native addon for the platform.
 * Everything else the BFF imports is plain JavaScript and bundles as is.
 */
export const EXTERNAL_PACKAGES = ["firebase-admin", "@resvg/resvg-js"];

/** Builds dist/main.mjs (and its source map); returns the bundle's path. */
export async function buildServerBundle({ outDir = path.join(serverDir, "dist"), quiet = false } = {}) {
  await rm(outDir, { recursive: true, force: true });
  const outfile = path.join(outDir, "main.mjs");
  const result = await build({
    entryPoints: [path.join(serverDir, "src/main.ts")],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    external: EXTERNAL_PACKAGES.flatMap((name) => [name, `${name}/*`]),
    // Bundled CommonJS dependencies call require(); an ES module has none unless one is made for them.
    banner: {
      js: "import { createRequire as __bffRequire } from 'node:module'; const require = __bffRequire(import.meta.url);",
    },
    // Node prints mapped stack traces with `node --enable-source-maps`; the map costs nothing unless asked for.
    sourcemap: "linked",
    // Keeps class and function names in logs and stack traces.
    keepNames: true,
    legalComments: "linked",
    metafile: true,
    logLevel: quiet ? "error" : "warning",
  });
  if (!quiet) {
    const bytes = result.metafile.outputs[path.relative(process.cwd(), outfile)]?.bytes;
    const size = bytes ? ` (${(bytes / 1024 / 1024).toFixed(1)} MB)` : "";
    console.log(
      `Built ${path.relative(process.cwd(), outfile)}${size}; run it with \`node ${path.relative(process.cwd(), outfile)}\`.`,
    );
  }
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServerBundle();
}
