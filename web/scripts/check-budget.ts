// After `vite build`: fails if what a first visit downloads (gzip) exceeds its budget, naming every chunk and its
// size; if the dashboard's code has slipped into the entry's static imports; or if the Firebase SDK is in a first
// visit. The end-to-end test e2e/first-visit-budget.e2e.ts checks the same budgets on what Chromium really fetches.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const DASHBOARD_SOURCE = "src/features/dashboard/";
/** The dashboard route module the router imports lazily (it composes the dashboard and the welcome card). */
const DASHBOARD_ROUTE = "src/app/dashboard-route.tsx";
/** The live stream's code, fetched once the page is idle on every route. */
const SUBSCRIPTION_LINK = "src/lib/subscription-link.ts";
/** Strings only the Firebase browser SDK ships: its package names and the Auth endpoints. */
const FIREBASE_MARKERS = ["@firebase/", "identitytoolkit"];

/**
 * A first visit on a slow phone connection: index.html, the entry with its static imports and CSS, plus the lazy
 * modules the route loads before its network is idle (with their static imports). kB are 1000 bytes. First paint
 * needs none of it (the BFF prerenders the HTML: e2e/first-paint-from-html.e2e.ts blocks every script); this is what
 * hydrating the page and making it work costs.
 */
const FIRST_VISITS = [
  // 132 → 133 kB when answers written offline began to wait on the phone (the outbox, 2 kB gzip, runs from the first
  // visit so what an earlier visit left is sent); the consent notice and the IndexedDB library load only when used.
  { route: "#/ubicaciones", budgetBytes: 133 * 1000, lazy: [SUBSCRIPTION_LINK] },
  { route: "#/", budgetBytes: 150 * 1000, lazy: [DASHBOARD_ROUTE, SUBSCRIPTION_LINK] },
];

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

/** A chunk and every chunk it imports statically, keyed as in the manifest. */
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
const entryKeys = staticClosure(manifest, entryKey);

const problems: string[] = [];

const eagerDashboard = [...entryKeys].filter((key) => key.startsWith(DASHBOARD_SOURCE));
if (eagerDashboard.length > 0) {
  problems.push(`The dashboard is in first paint's static imports (${eagerDashboard.join(", ")}); it must stay lazy.`);
}
if (!(entryChunk.dynamicImports ?? []).includes(DASHBOARD_ROUTE)) {
  problems.push(`The entry has no lazy dashboard chunk among its dynamic imports; check the "/" route's \`lazy\`.`);
}

const gzipped = new Map<string, { raw: number; gzip: number; firebase: boolean }>();
function measure(file: string) {
  let measured = gzipped.get(file);
  if (!measured) {
    const content = readFileSync(path.join(distDir, file));
    const text = content.toString("utf8");
    measured = {
      raw: content.length,
      gzip: gzipSync(content).length,
      firebase: FIREBASE_MARKERS.some((marker) => text.includes(marker)),
    };
    gzipped.set(file, measured);
  }
  return measured;
}

for (const visit of FIRST_VISITS) {
  const keys = new Set(entryKeys);
  for (const lazy of visit.lazy) {
    if (!manifest[lazy]) {
      problems.push(`${visit.route}: the manifest has no ${lazy}; update FIRST_VISITS in scripts/check-budget.ts.`);
      continue;
    }
    for (const key of staticClosure(manifest, lazy)) keys.add(key);
  }
  const files = new Set<string>(["index.html"]);
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  const listing = [...files]
    .map((file) => ({ file, ...measure(file) }))
    .toSorted((a, b) => b.gzip - a.gzip)
    .map(
      ({ file, raw, gzip }) =>
        `  ${file.padEnd(44)} ${kilobytes(raw).padStart(11)} raw  ${kilobytes(gzip).padStart(10)} gzip`,
    );
  const total = [...files].reduce((sum, file) => sum + measure(file).gzip, 0);
  const report = [
    `First visit to ${visit.route} (gzip, budget ${kilobytes(visit.budgetBytes)}):`,
    ...listing,
    `  ${"total".padEnd(44)} ${"".padStart(11)}      ${kilobytes(total).padStart(10)} gzip`,
  ].join("\n");
  console.log(`${report}\n`);
  if (total > visit.budgetBytes) {
    problems.push(
      `${report}\nis over the ${kilobytes(visit.budgetBytes)} budget by ${kilobytes(total - visit.budgetBytes)}. ` +
        "Move code a first visit does not need behind a lazy route or import, or drop a dependency.",
    );
  }
  const firebase = [...files].filter((file) => measure(file).firebase);
  if (firebase.length > 0) {
    problems.push(
      `A first visit to ${visit.route} downloads Firebase SDK code (${firebase.join(", ")}); load it only when signing in or opting into push.`,
    );
  }
}

if (problems.length > 0) {
  console.error(`Bundle budget check failed:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
console.log("Within budget; the dashboard is loaded lazily; no Firebase SDK in a first visit.");
