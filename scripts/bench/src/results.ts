// Writes the figures of `pnpm bench` as scripts/bench/results/results.md: the machine, date and command, the targets met or not,
// then every figure behind them.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import os from "node:os";
import { chromiumVersion } from "@boda/kit/chromium";
import { REPO_ROOT } from "@boda/kit/repo";
import type { FirestoreCounts } from "./firestore-counter";
import type { LoadResult } from "./http-load";
import type { LighthouseFigures } from "./lighthouse";
import type { VisitBytes } from "./page-views";
import type { RsvpLatency } from "./rsvp-load";

interface Reads {
  counts: FirestoreCounts;
  reads: number;
}

export interface Figures {
  started: Date;
  finished: Date;
  /** The machine's 1-minute load average when the benchmark started and when it ended (it is shared). */
  loadAverage: [number, number];
  bffCommand: string;
  contentBytes: number;
  contentBrBytes: number;
  seconds: number;
  turns: number;
  throughput: LoadResult[];
  rsvp: RsvpLatency;
  reads: {
    load: Reads & { requests: number };
    strangers: Reads & { views: number };
    households: Reads & { views: number };
  };
  /** The BFF's resident memory (VmRSS) and its peak so far (VmHWM) after each phase, in bytes. */
  memory: Array<{ phase: string; rss: number; peak: number }>;
  /** A stranger's first visit to #/ and to #/ubicaciones. */
  visits: VisitBytes[];
  /** Every same-origin request (path and query) the strangers' page views in Chromium made, but hashed assets. */
  strangerRequests: string[];
  householdVisit: VisitBytes | undefined;
  lighthouse: LighthouseFigures[];
}

/**
 * Every request a stranger's page makes to the BFF, as the page sends it (web/src/lib/trpc.ts): each is measured
 * against the ceiling. The label names the row in the results.
 */
export const PAGE_CALLS = [
  { label: "GET / (page HTML)", path: "/" },
  { label: "site.content", path: "/trpc/site.content" },
  { label: "switches.get", path: "/trpc/switches.get" },
  { label: "locations.list", path: "/trpc/locations.list" },
] as const;

/** The same queries past the fast path, through tRPC's own handler: the content as before, the others as the page used to batch them. */
export const STOCK_CALLS = [
  { label: "site.content, stock tRPC", path: "/trpc/site.content?input=%7B%7D" },
  { label: "switches.get, stock tRPC (batched)", path: "/trpc/switches.get?batch=1&input=%7B%7D" },
  { label: "locations.list, stock tRPC (batched)", path: "/trpc/locations.list?batch=1&input=%7B%7D" },
] as const;

export const CEILING_LABEL = "ceiling (plain route)";

/** What a request a stranger's page made is, for the check that each BFF call is measured. */
function kindOfRequest(pathAndQuery: string): "measured" | "live stream" | "file" | "not measured" {
  if (PAGE_CALLS.some((call) => call.path === pathAndQuery)) return "measured";
  if (pathAndQuery.startsWith("/trpc/live.feed")) return "live stream";
  return pathAndQuery.startsWith("/trpc/") ? "not measured" : "file";
}

/** Budgets and targets of the performance issue; kB are 1000 bytes, as in the budget checks. */
/** What a browser sends as Accept-Encoding in the "as browsers send it" rows. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export const TARGETS = {
  ceilingRatio: 0.8,
  stockRatio: 5,
  p99Ms: 25,
  peakRssBytes: 200 * 1024 * 1024,
  firstVisitBytes: { "#/": 150_000, "#/ubicaciones": 132_000 } as Record<string, number>,
  lighthouse: { score: 100, fcpMs: 1000, lcpMs: 1200, cls: 0.01, tbtMs: 50 },
};

const LIGHTHOUSE_VERSION = (createRequire(import.meta.url)("lighthouse/package.json") as { version: string }).version;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const mark = (met: boolean) => (met ? "met" : "**not met**");
const rps = (value: number) => Math.round(value).toLocaleString("en");

function git(...args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: REPO_ROOT, encoding: "utf8" }).trim();
  } catch {
    return "";
  }
}

function row(cells: Array<string | number>): string {
  return `| ${cells.join(" | ")} |`;
}

function find(rows: LoadResult[], label: string, connections: number): LoadResult {
  const found = rows.find((each) => each.label === label && each.connections === connections);
  if (!found) throw new Error(`no figures for ${label} at ${connections} connections`);
  return found;
}

/** Documents read because a request asked (gets, queries), as opposed to listener deliveries. */
function requestReads(counts: FirestoreCounts): number {
  return Object.entries(counts.documents)
    .filter(([method]) => method !== "Listen")
    .reduce((sum, [, count]) => sum + count, 0);
}

function readsLine(counts: FirestoreCounts): string {
  const restarts = counts.calls.Listen ?? 0;
  const delivered = counts.documents.Listen ?? 0;
  const listeners =
    restarts > 0 ? `; listeners restarted ${restarts}× and were sent ${delivered} documents again (see below)` : "";
  return `${requestReads(counts)} documents read by requests${listeners}; calls: ${callsList(counts)}`;
}

function callsList(counts: FirestoreCounts): string {
  const calls = Object.entries(counts.calls).map(([method, count]) => `${method} ×${count}`);
  return calls.length > 0 ? calls.join(", ") : "none";
}

export function renderResults(figures: Figures): string {
  const cpus = os.cpus();
  const commit = git("rev-parse", "--short", "HEAD");
  const dirty = git("status", "--porcelain").length > 0 ? " with uncommitted changes" : "";
  const rows = figures.throughput;
  const busyCeiling = find(rows, CEILING_LABEL, 100);
  const ceilingRatios = PAGE_CALLS.map((call) => {
    const ratio = find(rows, call.label, 100).requestsPerSecond / busyCeiling.requestsPerSecond;
    return { call, ratio, met: ratio >= TARGETS.ceilingRatio };
  });
  const busyContent = find(rows, "site.content", 100);
  const stockRatio = busyContent.requestsPerSecond / find(rows, "site.content, stock tRPC", 100).requestsPerSecond;
  const unmeasured = figures.strangerRequests.filter((request) => kindOfRequest(request) === "not measured");
  const strangerReadsPerView = requestReads(figures.reads.strangers.counts) / figures.reads.strangers.views;
  const peak = Math.max(...figures.memory.map((each) => each.peak));
  // Guests' loads come first; the stock tRPC comparison, which no guest causes, last.
  const guestsPeak = Math.max(
    ...figures.memory.filter((each) => each.phase !== "the stock tRPC comparison").map((each) => each.peak),
  );
  const lh = TARGETS.lighthouse;

  const targets: string[] = [
    row(["target", "figure", ""]),
    row(["---", "---", "---"]),
    row([
      `every public call ≥ ${TARGETS.ceilingRatio}× the plain route at 100 connections`,
      ceilingRatios
        .map(({ call, ratio, met }) => `${call.label} ${ratio.toFixed(2)}× ${met ? "met" : "**not met**"}`)
        .join("; "),
      mark(ceilingRatios.every(({ met }) => met)),
    ]),
    row([
      "every BFF call a stranger's page made in Chromium is measured here",
      unmeasured.length === 0 ? "all measured" : `not measured: ${unmeasured.map((each) => `\`${each}\``).join(", ")}`,
      mark(unmeasured.length === 0),
    ]),
    row([
      `site.content ≥ ${TARGETS.stockRatio}× stock tRPC (100 connections)`,
      `${stockRatio.toFixed(1)}×`,
      mark(stockRatio >= TARGETS.stockRatio),
    ]),
    row([
      `site.content p99 ≤ ${TARGETS.p99Ms} ms at 100 connections`,
      `${busyContent.p99} ms`,
      mark(busyContent.p99 <= TARGETS.p99Ms),
    ]),
    row([
      "database reads per stranger page view after warm-up: 0",
      String(strangerReadsPerView),
      mark(strangerReadsPerView === 0 && requestReads(figures.reads.load.counts) === 0),
    ]),
    row([
      `BFF peak RSS ≤ ${mb(TARGETS.peakRssBytes)} under guests' loads (the page's queries, page views, Lighthouse, RSVP)`,
      mb(guestsPeak),
      mark(guestsPeak <= TARGETS.peakRssBytes),
    ]),
    row([
      `BFF peak RSS ≤ ${mb(TARGETS.peakRssBytes)} including the stock tRPC comparison load`,
      mb(peak),
      mark(peak <= TARGETS.peakRssBytes),
    ]),
  ];
  for (const visit of figures.visits) {
    const budget = TARGETS.firstVisitBytes[visit.route] ?? 0;
    targets.push(
      row([
        `first visit to ${visit.route}: JS + CSS ≤ ${kb(budget)} compressed`,
        kb(visit.total),
        mark(visit.total <= budget),
      ]),
    );
  }
  for (const figure of figures.lighthouse) {
    const met =
      figure.performance >= lh.score &&
      figure.accessibility >= lh.score &&
      figure.bestPractices >= lh.score &&
      figure.fcpMs <= lh.fcpMs &&
      figure.lcpMs <= lh.lcpMs &&
      figure.cls <= lh.cls &&
      figure.tbtMs <= lh.tbtMs;
    targets.push(
      row([
        `Lighthouse ${figure.route} (median of ${figure.runs}): 100/100/100, FCP ≤ ${lh.fcpMs / 1000} s, ` +
          `LCP ≤ ${lh.lcpMs / 1000} s, CLS ≤ ${lh.cls}, TBT ≤ ${lh.tbtMs} ms`,
        `${figure.performance}/${figure.accessibility}/${figure.bestPractices}, FCP ${(figure.fcpMs / 1000).toFixed(2)} s, ` +
          `LCP ${(figure.lcpMs / 1000).toFixed(2)} s, CLS ${figure.cls.toFixed(3)}, TBT ${Math.round(figure.tbtMs)} ms`,
        mark(met),
      ]),
    );
  }

  const throughput: string[] = [
    row([
      "connections",
      "what",
      "request",
      "req/s",
      "turns (req/s)",
      "p50 ms",
      "p99 ms",
      "BFF CPU µs/request",
      "bytes/response",
      "errors",
    ]),
    row(["---", "---", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]),
  ];
  const requestOf: Record<string, string> = {
    ...Object.fromEntries([...PAGE_CALLS, ...STOCK_CALLS].map((call) => [call.label, `\`GET ${call.path}\``])),
    [CEILING_LABEL]: "`GET /__bench/ceiling`",
  };
  for (const call of PAGE_CALLS) {
    requestOf[`${call.label}, br`] = `\`GET ${call.path}\`, \`Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}\``;
    requestOf[`${call.label}, revisit (304)`] = `\`GET ${call.path}\`, \`If-None-Match\``;
  }
  for (const result of rows) {
    throughput.push(
      row([
        result.connections,
        result.label,
        requestOf[result.label] ?? "",
        rps(result.requestsPerSecond),
        result.range[0] === result.range[1] ? "1 turn" : `${rps(result.range[0])}–${rps(result.range[1])}`,
        result.p50,
        result.p99,
        Math.round(result.cpuMicrosPerRequest),
        Math.round(result.bytesPerResponse),
        result.errors,
      ]),
    );
  }
  const ratios = connectionsOf(rows).map((connections) => {
    const ceiling = find(rows, CEILING_LABEL, connections);
    const stock = find(rows, "site.content, stock tRPC", connections);
    const content = find(rows, "site.content", connections);
    const each = PAGE_CALLS.map((call) => {
      const measured = find(rows, call.label, connections);
      return (
        `${call.label} ${(measured.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2)}× ` +
        `(CPU ${(ceiling.cpuMicrosPerRequest / measured.cpuMicrosPerRequest).toFixed(2)}×)`
      );
    });
    return (
      `- ${connections} connections, against the ceiling in requests per second (and by the BFF's CPU per request): ` +
      `${each.join(", ")}; site.content at ${(content.requestsPerSecond / stock.requestsPerSecond).toFixed(1)}× ` +
      `stock tRPC (CPU ${(stock.cpuMicrosPerRequest / content.cpuMicrosPerRequest).toFixed(1)}×).`
    );
  });

  const lighthouse: string[] = [
    row(["route", "performance", "accessibility", "best practices", "FCP", "LCP", "TBT", "CLS"]),
    row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]),
    ...figures.lighthouse.map((figure) =>
      row([
        figure.route,
        figure.performance,
        figure.accessibility,
        figure.bestPractices,
        `${(figure.fcpMs / 1000).toFixed(2)} s`,
        `${(figure.lcpMs / 1000).toFixed(2)} s`,
        `${Math.round(figure.tbtMs)} ms`,
        figure.cls.toFixed(3),
      ]),
    ),
  ];
  const lighthouseWhy = figures.lighthouse.flatMap((figure) => [
    `- ${figure.route}: ${[...figure.shortfalls, ...figure.details].join("; ") || "nothing below full marks"}`,
  ]);

  const visits = figures.visits.flatMap((visit) => [
    `- ${visit.route}: ${kb(visit.total)} — ${visit.files.map((file) => `${file.url.replace(/^\//, "")} ${kb(file.bytes)}`).join(", ")}; requests to other hosts: ${visit.foreign.length}`,
  ]);
  if (figures.householdVisit) {
    visits.push(
      `- a household through its invite link (signs in, so Firebase Auth loads): ${kb(figures.householdVisit.total)}`,
    );
  }

  const requestKinds = figures.strangerRequests.map((request) => {
    const kind = kindOfRequest(request);
    return `\`${request}\` (${kind === "not measured" ? "**not measured**" : kind})`;
  });

  const { reads, rsvp, memory } = figures;
  return `# Benchmark results

Written by \`pnpm bench\`; run it again rather than editing by hand. What each figure means and how it is taken:
\`scripts/bench/src/\`.

- **Date**: ${figures.started.toISOString().replace("T", " ").slice(0, 16)} UTC (${Math.round((figures.finished.getTime() - figures.started.getTime()) / 1000)} s)
- **Command**: \`pnpm bench\` at commit ${commit}${dirty}
- **Machine**: ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM, ${os.type()} ${os.release()}; Node ${process.versions.node}; ${chromiumVersion()}.
  Shared with other work: load average ${figures.loadAverage[0].toFixed(1)} at the start, ${figures.loadAverage[1].toFixed(1)} at the end.
- **BFF**: its own process, \`${figures.bffCommand}\`, \`NODE_ENV=production\`, default log level (info) written to a file by
  the BFF itself; emulators on the same machine, Firestore reached through the benchmark's counting proxy.
- **Content**: the demo wedding; a stranger's view is ${figures.contentBytes} bytes of JSON (${figures.contentBrBytes} with brotli).

## Targets

${targets.join("\n")}

## BFF throughput and latency

autocannon from the benchmarking process against the BFF's process, all rows on the same server in the same run.
Each row is warmed up for 2 s; the compared rows are then measured in ${figures.turns} turns of ${figures.seconds} s taken in rotation, and each
figure is the median of its turns (the range of the turns is shown). The compared rows send the same request headers
(no \`Accept-Encoding\`, so every body goes uncompressed): every request a stranger's page makes to the BFF, as the page
sends it (${PAGE_CALLS.map((call) => `\`${call.path}\``).join(", ")}; the three queries answered before tRPC from pre-encoded
answers); the same queries through stock tRPC (a query string sends them past the fast path: the content query with an
empty input, the other two as the page used to send them, batched; tRPC's own view memo stays on); and the ceiling, a
plain Fastify route added to the same server (\`ceiling-route.mjs\`, preloaded) with the same app-wide hooks,
answering the content query's JSON bytes. Then, one turn each, the queries as a browser asks for them (brotli, for
those large enough to be compressed) and as revisits (\`If-None-Match\`, answered 304).

${throughput.join("\n")}

${ratios.join("\n")}

## RSVP submit latency

${rsvp.households} households, each signed in (its invite code redeemed at the BFF from its own local address, then the
Auth emulator). Every submit is a Firestore transaction writing the answer and a history entry.

- One at a time (${rsvp.alone.submits} submits): p50 ${rsvp.alone.p50.toFixed(1)} ms, p99 ${rsvp.alone.p99.toFixed(1)} ms, errors ${rsvp.alone.errors}.
- All ${rsvp.households} at the same moment, ${rsvp.rounds} rounds (${rsvp.submits} submits): p50 ${rsvp.p50.toFixed(1)} ms, p99 ${rsvp.p99.toFixed(1)} ms,
  max ${rsvp.max.toFixed(1)} ms, errors ${rsvp.errors}.

## Database reads

Counted by a gRPC proxy between the BFF and the Firestore emulator (\`firestore-counter.ts\`): calls per method, and
documents read (delivered to listeners, returned by gets and queries), after the warm-up.

- Under the load above (${reads.load.requests.toLocaleString("en")} measured requests, plus warm-ups): ${readsLine(reads.load.counts)}.
- ${reads.strangers.views} stranger page views in Chromium (#/ and #/ubicaciones): ${readsLine(reads.strangers.counts)}.
- ${reads.households.views} households opening their invite link (a household's own answer is read on purpose): ${readsLine(reads.households.counts)}.

A listener restart is not caused by requests: firebase-admin restarts a watch stream that has heard nothing for
120 s, and the emulator, which sends no heartbeats, then sends every document again. Firestore itself resumes a
stream from its resume token, sending only what changed.

## BFF memory

Resident set of the BFF's process after each phase, in the order they ran, and its peak since the process started
(VmHWM):

${[row(["after", "RSS", "peak so far"]), row(["---", "---:", "---:"]), ...memory.map((each) => row([each.phase, mb(each.rss), mb(each.peak)]))].join("\n")}

## First visit downloads

A stranger's first visit in Chromium (phone viewport, empty cache), counting the compressed bytes of every JS and CSS
file until the network is idle: the live stream (\`/trpc/live.feed\`, opened once the page is idle) has answered and
nothing else is in flight. The stream stays open by design and is not JS or CSS, so it is not counted.

${visits.join("\n")}

Requests the ${figures.reads.strangers.views} stranger page views made to the BFF (path and query; hashed assets left out), each measured above,
the live stream (its delivery is \`pnpm bench live\`), a file, or **not measured**:
${requestKinds.join(", ")}.

## Lighthouse

Lighthouse ${LIGHTHOUSE_VERSION} from npm driving the machine's Chromium, mobile preset (emulated phone, simulated
throttling), performance, accessibility and best practices, on the production build served by the BFF, each route
run ${figures.lighthouse[0]?.runs ?? 0} times in a fresh browser (a first visit); each figure is the median of the runs, and the
median run's report (by performance score) is kept: \`artifacts/bench/lighthouse-*.json\`. Simulated throttling
multiplies the CPU time the machine really took, so a machine busy with other work reports more blocking time than a
phone would have.

${lighthouse.join("\n")}

What keeps the scores down (audits below full marks, the largest layout shifts, the longest main-thread tasks):

${lighthouseWhy.join("\n")}
`;
}

function connectionsOf(rows: LoadResult[]): number[] {
  return [...new Set(rows.map((each) => each.connections))];
}
