// Lighthouse (npm's, driving the machine's Chromium) on the production build as the BFF serves it: mobile
// emulation and simulated throttling, Lighthouse's default mobile preset. Used by `pnpm bench`.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROMIUM_FLAGS, chromiumPath } from "@boda/kit/chromium";
import lighthouse from "lighthouse";

async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), "bench-lighthouse-"));
  const child: ChildProcess = spawn(
    chromiumPath(),
    [...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    // Its own process group, so stopping it also stops its renderer and GPU helpers.
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match?.[1]) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}) before listening:\n${output}`)));
  });
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await exited;
      // Helpers may still be writing the profile for a moment after the browser itself exited.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

export interface LighthouseFigures {
  route: string;
  /** How many runs each figure is the median of. */
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Audits below a full score in the three categories, for the report's "why". */
  shortfalls: string[];
  /** The largest layout shifts and the longest main-thread tasks, to find what shifts and what blocks. */
  details: string[];
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function score(result: Result, category: string): number {
  return Math.round((result.categories[category]?.score ?? 0) * 100);
}

function numeric(result: Result, audit: string): number {
  return result.audits[audit]?.numericValue ?? Number.NaN;
}

function shortfalls(result: Result): string[] {
  const found: string[] = [];
  for (const category of ["performance", "accessibility", "best-practices"]) {
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      found.push(`${category}: ${audit.id} (${audit.displayValue ?? `score ${audit.score}`})`);
    }
  }
  return found;
}

interface DetailItems {
  items?: Array<Record<string, unknown>>;
}

function details(result: Result): string[] {
  const lines: string[] = [];
  const shifts = (result.audits["layout-shifts"]?.details as DetailItems | undefined)?.items ?? [];
  for (const shift of shifts.slice(0, 3)) {
    const node = shift.node as { snippet?: string; selector?: string } | undefined;
    lines.push(`layout shift ${Number(shift.score).toFixed(3)}: ${node?.selector ?? node?.snippet ?? "(unknown)"}`);
  }
  const tasks = (result.audits["long-tasks"]?.details as DetailItems | undefined)?.items ?? [];
  for (const task of tasks.slice(0, 3)) {
    lines.push(`long task ${Math.round(Number(task.duration))} ms: ${String(task.url)}`);
  }
  const lcp = (result.audits["largest-contentful-paint-element"]?.details as DetailItems | undefined)?.items?.[0];
  const lcpNode = ((lcp?.items as DetailItems["items"])?.[0]?.node ?? undefined) as { snippet?: string } | undefined;
  if (lcpNode?.snippet) lines.push(`LCP element: ${lcpNode.snippet}`);
  return lines;
}

/**
 * Runs Lighthouse once per route against `baseUrl` (the BFF serving web/dist), each in a fresh Chromium so no
 * cache carries over. Full JSON reports go to `reportDir` when given.
 */
export async function runLighthouse(
  baseUrl: string,
  routes: string[],
  reportDir?: string,
  runs = 3,
): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = [];
  for (const route of routes) {
    const results: Result[] = [];
    for (let run = 0; run < runs; run += 1) results.push(await lighthouseOnce(baseUrl, route));
    // Each figure is the median of the runs; the shortfalls, details and saved report are the median run's (by
    // performance score), so what explains a figure comes from a run that scored it.
    const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const medianRun = results.toSorted((a, b) => score(a, "performance") - score(b, "performance"))[
      Math.floor(results.length / 2)
    ];
    if (!medianRun) throw new Error(`Lighthouse made no run on ${route}.`);
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const name = route.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
      writeFileSync(path.join(reportDir, `lighthouse-${name}.json`), JSON.stringify(medianRun, null, 1));
    }
    figures.push({
      route,
      runs: results.length,
      performance: median(results.map((result) => score(result, "performance"))),
      accessibility: median(results.map((result) => score(result, "accessibility"))),
      bestPractices: median(results.map((result) => score(result, "best-practices"))),
      lcpMs: median(results.map((result) => numeric(result, "largest-contentful-paint"))),
      tbtMs: median(results.map((result) => numeric(result, "total-blocking-time"))),
      cls: median(results.map((result) => numeric(result, "cumulative-layout-shift"))),
      fcpMs: median(results.map((result) => numeric(result, "first-contentful-paint"))),
      shortfalls: shortfalls(medianRun),
      details: details(medianRun),
    });
  }
  return figures;
}

/** One Lighthouse run in a fresh Chromium (no cache, no service worker), as a first visit. */
async function lighthouseOnce(baseUrl: string, route: string): Promise<Result> {
  const chromium = await launchChromium();
  try {
    const run = await lighthouse(`${baseUrl.replace(/\/$/, "")}/${route}`, {
      port: chromium.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${route}.`);
    if (run.lhr.runtimeError) throw new Error(`Lighthouse failed on ${route}: ${run.lhr.runtimeError.message}`);
    return run.lhr;
  } finally {
    await chromium.stop();
  }
}

// Run on its own: `pnpm --filter @boda/bench exec tsx src/lighthouse.ts <url> [route...]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, ...routes] = process.argv.slice(2);
  if (!url) throw new Error("usage: lighthouse.ts <base url> [#/route ...]");
  for (const figure of await runLighthouse(url, routes.length > 0 ? routes : ["#/", "#/ubicaciones"])) {
    console.log(JSON.stringify(figure, null, 2));
  }
}
