// `pnpm bench` (the `site` benchmark): the guests' page as production serves it, measured end to end — BFF
// throughput and latency, RSVP submit latency, database reads per page view, BFF memory, first-visit downloads and
// Lighthouse — and written to scripts/bench/results/results.md. Never part of the tests: the figures are read by people.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { startEmulators } from "@boda/emulators/harness";
import { runToCompletion } from "@boda/kit/processes";
import { REMOTE_CONFIG_TEMPLATE, REPO_ROOT } from "@boda/kit/repo";
import { seed, seedDemoContent, seedDemoInvites, WEB_DIST_DIR } from "@boda/stack/stack";
import { parse } from "csv-parse/sync";
import { type BffProcess, bffCommand, CEILING_PATH, startBff } from "./bff-process";
import { type FirestoreCounter, type FirestoreCounts, startFirestoreCounter } from "./firestore-counter";
import { type LoadResult, type LoadTarget, loadInTurns } from "./http-load";
import { type LighthouseFigures, runLighthouse } from "./lighthouse";
import { householdVisit, strangerVisit, type VisitBytes, withBrowser } from "./page-views";
import {
  BROWSER_ACCEPT_ENCODING,
  CEILING_LABEL,
  type Figures,
  PAGE_CALLS,
  renderResults,
  STOCK_CALLS,
} from "./results";
import { type BenchInvite, measureRsvpSubmits } from "./rsvp-load";

/** Seconds per measured turn, and turns per compared target. */
const SECONDS = 6;
const TURNS = 3;
const CONNECTIONS = [10, 100];
const RSVP_HOUSEHOLDS = 50;
const RSVP_ROUNDS = 5;
const STRANGER_VIEWS = ["#/", "#/ubicaciones", "#/", "#/ubicaciones", "#/", "#/ubicaciones"];
const HOUSEHOLD_VIEWS = 3;
const RESULTS_FILE = path.join(REPO_ROOT, "scripts/bench/results/results.md");
const ARTIFACTS = path.join(REPO_ROOT, "artifacts/bench");

function step(message: string): void {
  console.log(`\n▸ ${message}`);
}

/** Fifty households of two, invited to the friends' events, in the seed command's guest-list format. */
function benchGuestList(file: string): void {
  const rows = Array.from({ length: RSVP_HOUSEHOLDS }, (_, index) => {
    const n = String(index + 1).padStart(2, "0");
    return `bench-${n},Banco ${n},2,Ana Banco ${n}; Luis Banco ${n},,,amigos,es,,`;
  });
  writeFileSync(file, ["key,name,seats,members,children,plus_ones,tags,language,email,phone", ...rows].join("\n"));
}

/** A copy of the switches with answers open whatever today's date: the deadline a month from now. */
function switchesCopy(file: string): void {
  const template = JSON.parse(readFileSync(REMOTE_CONFIG_TEMPLATE, "utf8"));
  const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  template.parameters.rsvp_open.defaultValue.value = "true";
  template.parameters.rsvp_deadline.defaultValue.value = deadline;
  writeFileSync(file, JSON.stringify(template, null, 2));
}

function readsIn(counts: FirestoreCounts): number {
  return Object.values(counts.documents).reduce((sum, count) => sum + count, 0);
}

function printLoad(results: LoadResult[]): void {
  for (const result of results) {
    console.log(
      `  ${String(result.connections).padStart(3)} conn  ${result.label.padEnd(38)} ` +
        `${Math.round(result.requestsPerSecond).toString().padStart(7)} req/s  p50 ${result.p50} ms  ` +
        `p99 ${result.p99} ms  ${Math.round(result.cpuMicrosPerRequest)} µs CPU/request  errors ${result.errors}`,
    );
  }
}

/** The BFF queries among the page's calls: each must be answered from prepared bytes (with an ETag) by the fast path. */
const PAGE_QUERIES = PAGE_CALLS.filter((call) => call.path.startsWith("/trpc/"));

/** The page's queries as browsers send them: compressed on a first visit, revalidated (304) afterwards. */
async function asBrowsersSendIt(bff: BffProcess): Promise<LoadResult[]> {
  const targets: LoadTarget[] = [];
  for (const call of PAGE_QUERIES) {
    const url = `${bff.url}${call.path}`;
    const first = await fetch(url, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } });
    const etag = first.headers.get("etag");
    if (!etag) throw new Error(`${call.path} answered without an ETag: the fast path is not serving it.`);
    // Answers too small to be worth compressing go out as they are; a brotli row only where there is brotli.
    if (first.headers.get("content-encoding") === "br") {
      targets.push({ label: `${call.label}, br`, url, headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } });
    }
    targets.push({ label: `${call.label}, revisit (304)`, url, headers: { "if-none-match": etag }, status: 304 });
  }
  const results: LoadResult[] = [];
  for (const connections of CONNECTIONS) {
    results.push(...(await loadInTurns(targets, connections, { turns: 1, seconds: SECONDS, cpu: bff.cpuMs })));
  }
  printLoad(results);
  return results;
}

/** Every call of the page, the same queries through stock tRPC, and the ceiling: the same request headers. */
async function compared(bff: BffProcess): Promise<LoadResult[]> {
  const targets: LoadTarget[] = [...PAGE_CALLS, ...STOCK_CALLS, { label: CEILING_LABEL, path: CEILING_PATH }].map(
    (call) => ({ label: call.label, url: `${bff.url}${call.path}` }),
  );
  const results: LoadResult[] = [];
  for (const connections of CONNECTIONS) {
    results.push(...(await loadInTurns(targets, connections, { turns: TURNS, seconds: SECONDS, cpu: bff.cpuMs })));
  }
  printLoad(results);
  return results;
}

function merged(...all: FirestoreCounts[]): FirestoreCounts {
  const sum = (key: keyof FirestoreCounts) => {
    const total: Record<string, number> = {};
    for (const counts of all) {
      for (const [method, count] of Object.entries(counts[key])) total[method] = (total[method] ?? 0) + count;
    }
    return total;
  };
  return { calls: sum("calls"), documents: sum("documents") };
}

async function main(): Promise<void> {
  const started = new Date();
  const loadBefore = os.loadavg()[0] ?? 0;
  const scratch = mkdtempSync(path.join(tmpdir(), "bench-site-"));
  mkdirSync(ARTIFACTS, { recursive: true });
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(scratch, { recursive: true, force: true })];
  try {
    step("Building web/ for production");
    await runToCompletion("pnpm", ["--filter", "@boda/web", "build"], { label: "Building web/" });

    step("Starting the emulators and seeding the demo wedding, its guests and 50 benchmark households");
    const emulators = await startEmulators({ ports: "free", log: (line) => console.log(line) });
    cleanups.push(() => emulators.stop());
    const switchesFile = path.join(scratch, "remoteconfig.json");
    switchesCopy(switchesFile);
    const env = { ...process.env, ...emulators.env, REMOTE_CONFIG_TEMPLATE: switchesFile };
    await seedDemoContent(env);
    await seedDemoInvites(env, "http://127.0.0.1", path.join(scratch, "demo-invites"));
    const guestList = path.join(scratch, "bench-households.csv");
    benchGuestList(guestList);
    const benchInvitesDir = path.join(scratch, "bench-invites");
    await seed(
      ["invites", guestList, "--base-url", "http://127.0.0.1", "--out", benchInvitesDir],
      env,
      "Inviting the benchmark households (pnpm seed invites)",
    );
    const invites = (
      parse(readFileSync(path.join(benchInvitesDir, "enlaces.csv"), "utf8"), { columns: true }) as BenchInvite[]
    ).map(({ key, code }) => ({ key, code }));

    step("Starting the BFF in its own process (production mode), Firestore through the read counter");
    const counter: FirestoreCounter = await startFirestoreCounter(String(emulators.env.FIRESTORE_EMULATOR_HOST));
    cleanups.push(() => counter.close());
    const ceilingBody = path.join(scratch, "ceiling.json");
    const bff = await startBff({
      env: { ...env, FIRESTORE_EMULATOR_HOST: counter.host },
      webDistDir: WEB_DIST_DIR,
      logFile: path.join(ARTIFACTS, "bff.log"),
      ceilingBodyFile: ceilingBody,
    });
    cleanups.push(() => bff.stop());
    const phases: Figures["memory"] = [];
    const memory = (phase: string) => phases.push({ phase, ...bff.memory() });
    memory("ready");
    const contentBytes = Buffer.from(await (await fetch(`${bff.url}/trpc/site.content`)).arrayBuffer());
    writeFileSync(ceilingBody, contentBytes);
    const brResponse = await fetch(`${bff.url}/trpc/site.content`, { headers: { "accept-encoding": "br" } });
    const brBytes = Number(brResponse.headers.get("content-length"));
    console.log(`  BFF ${bff.url} (pid ${bff.pid}): ${bffCommand().label}; content ${contentBytes.length} bytes`);

    // Warm-up: one first visit, so every mirror and view is built before anything is counted.
    await withBrowser((browser) => strangerVisit(browser, bff.url, "#/"));

    // Guests' loads first, so the memory they need is read before the stock tRPC comparison adds its own.
    step(`The page's queries as browsers send them (autocannon, ${SECONDS} s per row)`);
    counter.reset();
    const browserRows = await asBrowsersSendIt(bff);
    const browserRowsCounts = counter.counts();
    memory("the page's queries as browsers send them");

    step("Page views in Chromium: strangers, then households through their invite links");
    counter.reset();
    const strangerVisits: VisitBytes[] = await withBrowser(async (browser) => {
      const visits: VisitBytes[] = [];
      for (const route of STRANGER_VIEWS) visits.push(await strangerVisit(browser, bff.url, route));
      return visits;
    });
    const strangerCounts = counter.counts();
    counter.reset();
    const householdVisits = await withBrowser(async (browser) => {
      const visits: VisitBytes[] = [];
      for (const invite of invites.slice(-HOUSEHOLD_VIEWS)) {
        visits.push(await householdVisit(browser, bff.url, invite.code));
      }
      return visits;
    });
    const householdCounts = counter.counts();
    memory("page views");
    for (const visit of strangerVisits.slice(0, 2)) {
      console.log(`  ${visit.route.padEnd(16)} ${(visit.total / 1000).toFixed(1)} kB JS+CSS (compressed)`);
    }

    step("Lighthouse (mobile preset, simulated throttling) on #/ and #/ubicaciones");
    const lighthouse: LighthouseFigures[] = await runLighthouse(bff.url, ["#/", "#/ubicaciones"], ARTIFACTS);
    memory("Lighthouse");
    for (const figure of lighthouse) {
      console.log(
        `  ${figure.route.padEnd(16)} performance ${figure.performance}, LCP ${Math.round(figure.lcpMs)} ms, ` +
          `TBT ${Math.round(figure.tbtMs)} ms, CLS ${figure.cls.toFixed(3)}`,
      );
    }

    step(`RSVP: ${RSVP_HOUSEHOLDS} households submitting at once, ${RSVP_ROUNDS} rounds`);
    const rsvp = await measureRsvpSubmits({
      bffUrl: bff.url,
      authEmulatorHost: String(emulators.env.FIREBASE_AUTH_EMULATOR_HOST),
      invites,
      rounds: RSVP_ROUNDS,
    });
    console.log(`  p50 ${rsvp.p50.toFixed(1)} ms, p99 ${rsvp.p99.toFixed(1)} ms, errors ${rsvp.errors}`);
    memory("RSVP submits");

    step(`Every call of the page, stock tRPC and the ceiling (autocannon, ${TURNS} turns of ${SECONDS} s each)`);
    counter.reset();
    const comparedRows = await compared(bff);
    const loadCounts = merged(browserRowsCounts, counter.counts());
    memory("the stock tRPC comparison");

    const throughput = [...comparedRows, ...browserRows];
    const figures: Figures = {
      started,
      finished: new Date(),
      loadAverage: [loadBefore, os.loadavg()[0] ?? 0],
      bffCommand: bffCommand().label,
      contentBytes: contentBytes.length,
      contentBrBytes: brBytes,
      seconds: SECONDS,
      turns: TURNS,
      throughput,
      rsvp,
      reads: {
        load: {
          requests: throughput.reduce((sum, row) => sum + row.total, 0),
          counts: loadCounts,
          reads: readsIn(loadCounts),
        },
        strangers: { views: strangerVisits.length, counts: strangerCounts, reads: readsIn(strangerCounts) },
        households: { views: householdVisits.length, counts: householdCounts, reads: readsIn(householdCounts) },
      },
      memory: phases,
      visits: strangerVisits.slice(0, 2),
      strangerRequests: [...new Set(strangerVisits.flatMap((visit) => visit.own))],
      householdVisit: householdVisits[0],
      lighthouse,
    };
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(RESULTS_FILE, renderResults(figures));
    step(
      `Written to ${path.relative(REPO_ROOT, RESULTS_FILE)} (Lighthouse reports and the BFF's log in artifacts/bench/)`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
