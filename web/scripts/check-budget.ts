// After `vite build`: fails if what first paint of #/ubicaciones downloads (gzip) exceeds the budget, or if the
// dashboard's code has slipped into the entry chunk's static imports.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** First paint on a slow phone connection: index.html + entry JS + its static imports + CSS, gzipped. */
const BUDGET_BYTES = 130 * 1000;
const DASHBOARD_SOURCE = "src/features/dashboard/";
/** The dashboard route module the router imports lazily (it composes the dashboard and the welcome card). */
const DASHBOARD_ROUTE = "src/app/dashboard-route.tsx";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const manifestPath = path.join(distDir, ".vite", "manifest.json");

function readManifest(): Manifest {
  try {
    return JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  } catch (error) {
    throw new Error(`Cannot read ${manifestPath} (${String(error)}). Run \`vite build\` first (build.manifest is on).`);
  }
}

/** The entry chunk and every chunk it imports statically, keyed as in the manifest. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

const manifest = readManifest();
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
const [entry] = entries;
if (!entry || entries.length !== 1) {
  throw new Error(`Expected exactly one entry chunk in ${manifestPath}, found ${entries.length}.`);
}
const [entryKey, entryChunk] = entry;

const firstPaintKeys = staticClosure(manifest, entryKey);
const files = new Set<string>(["index.html"]);
for (const key of firstPaintKeys) {
  const chunk = manifest[key];
  if (!chunk) continue;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
}

const problems: string[] = [];

const eagerDashboard = [...firstPaintKeys].filter((key) => key.startsWith(DASHBOARD_SOURCE));
if (eagerDashboard.length > 0) {
  problems.push(`The dashboard is in first paint's static imports (${eagerDashboard.join(", ")}); it must stay lazy.`);
}
const lazyDashboard = (entryChunk.dynamicImports ?? []).includes(DASHBOARD_ROUTE);
if (!lazyDashboard) {
  problems.push(`The entry has no lazy dashboard chunk among its dynamic imports; check the "/" route's \`lazy\`.`);
}

console.log(`First paint of #/ubicaciones (gzip, budget ${kilobytes(BUDGET_BYTES)}):`);
let total = 0;
for (const file of files) {
  const content = readFileSync(path.join(distDir, file));
  const gzipped = gzipSync(content).length;
  total += gzipped;
  console.log(
    `  ${file.padEnd(40)} ${kilobytes(content.length).padStart(11)} raw  ${kilobytes(gzipped).padStart(10)} gzip`,
  );
}
console.log(`  ${"total".padEnd(40)} ${"".padStart(11)}      ${kilobytes(total).padStart(10)} gzip`);

if (total > BUDGET_BYTES) {
  problems.push(
    `First paint is ${kilobytes(total)} gzipped, over the ${kilobytes(BUDGET_BYTES)} budget by ${kilobytes(total - BUDGET_BYTES)}. ` +
      "Move code that first paint does not need behind a lazy route or import, or drop a dependency.",
  );
}

if (problems.length > 0) {
  console.error(`\nBundle budget check failed:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
console.log("\nWithin budget; the dashboard is loaded lazily.");
