// A measurement, not a test: one BFF instance's start-up time and memory under tsx and as the production bundle, and
// its throughput (content query, RSVP writes) with the CPU each request costs, on emulators started for it.
// docs/deploy.md quotes its figures. Run: pnpm --filter @boda/bench exec tsx src/measure-instance.ts
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmulators } from "@boda/emulators/harness";
import { declineEverything, signInWithInvite } from "@boda/kit/bff-client";
import { freePort } from "@boda/kit/ports";
import { httpOk, type ManagedProcess, runToCompletion, spawnManaged, typescriptCommand } from "@boda/kit/processes";
import { REMOTE_CONFIG_TEMPLATE, REPO_ROOT } from "@boda/kit/repo";
import { BUILD_COMMAND, bundleCommand, SERVER_BUNDLE } from "@boda/kit/server-bundle";
import { call } from "@boda/server/client/trpc-over-http";
import { LIVE_PATH } from "@boda/server/contract/live";
import type { InvitationView } from "@boda/server/contract/site-view";
import { connectFirebase, firebaseTargetFromEnv } from "@boda/server/firebase/admin";
import { seed, seedDemoContent, WEB_DIST_DIR } from "@boda/stack/stack";
import autocannon from "autocannon";
import { parse } from "csv-parse/sync";

const STARTS_PER_KIND = 5;
const STREAMS = 500;
const HOUSEHOLDS = 200;
const CONCURRENCY = 50;
const SECONDS = 10;
const TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

type Kind = "tsx" | "bundle";

/** CPU seconds the process has used so far (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // After the command name: state is field 3, utime 14 and stime 15 (1-based) → indices 11 and 12 here.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Resident memory now and at its peak, in MiB, from /proc. */
function memoryMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

/** One open page's live stream over plain HTTP (lighter than EventSource, so this process can hold hundreds). */
function openRawStream(url: string) {
  let text = "";
  const request = http.get(url, { headers: { accept: "text/event-stream" } }, (response) => {
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      text += chunk;
    });
  });
  request.on("error", () => {});
  return { text: () => text, close: () => request.destroy() };
}

/** Polls until `done` holds; the bound only turns "it never happened" into an error. */
async function waitFor(done: () => boolean, what: string, boundMs = 60_000): Promise<void> {
  const giveUp = performance.now() + boundMs;
  while (!done()) {
    if (performance.now() > giveUp) throw new Error(`${what} did not happen within ${boundMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const median = (values: number[]) => {
  const sorted = values.toSorted((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  if (!existsSync(path.join(WEB_DIST_DIR, "index.html"))) {
    await runToCompletion("pnpm", ["--filter", "@boda/web", "build"], { label: "Building web/" });
  }
  await runToCompletion("pnpm", ["--filter", "@boda/server", "build"], { label: BUILD_COMMAND });
  const work = mkdtempSync(path.join(tmpdir(), "measure-bff-"));
  const switchesFile = path.join(work, "remoteconfig.template.json");
  writeFileSync(switchesFile, readFileSync(REMOTE_CONFIG_TEMPLATE));
  const emulators = await startEmulators({ ports: "free", log: () => {} });
  const env = { ...process.env, ...emulators.env, REMOTE_CONFIG_TEMPLATE: switchesFile };
  const running: ManagedProcess[] = [];

  async function start(
    kind: Kind,
  ): Promise<{ url: string; process: ManagedProcess; listenMs: number; readyMs: number }> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const command = kind === "bundle" ? bundleCommand() : typescriptCommand("server/src/main.ts");
    const started = performance.now();
    const process_ = spawnManaged(...command, {
      cwd: REPO_ROOT,
      env: { ...env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), WEB_DIST_DIR, LOG_LEVEL: "warn" },
      logFile: path.join(work, `${kind}-${port}.log`),
    });
    running.push(process_);
    // Polled every 5 ms: this is the figure being measured, so the probe must be finer than the start-up itself.
    let listenMs = 0;
    for (;;) {
      if (process_.child.exitCode !== null) throw new Error(`The ${kind} BFF exited; see ${process_.logFile}`);
      if (!listenMs && (await httpOk(`${url}healthz`).catch(() => false))) listenMs = performance.now() - started;
      if (listenMs && (await httpOk(`${url}readyz`).catch(() => false))) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return { url, process: process_, listenMs, readyMs: performance.now() - started };
  }

  try {
    await seedDemoContent(env);
    // A guest list of single-person households to answer with (one Firestore document each, as for real guests).
    const csv = path.join(work, "invitados.csv");
    const rows = Array.from({ length: HOUSEHOLDS }, (_, index) => {
      const n = String(index + 1).padStart(3, "0");
      return `medida-${n},Invitado ${n},1,Invitado ${n},,,amigos,es,,`;
    });
    writeFileSync(csv, `key,name,seats,members,children,plus_ones,tags,language,email,phone\n${rows.join("\n")}\n`);
    mkdirSync(path.join(work, "invitaciones"));
    await seed(["invites", csv, "--out", path.join(work, "invitaciones")], env, "Inviting the measured guests");
    const links = parse(readFileSync(path.join(work, "invitaciones/enlaces.csv"), "utf8"), { columns: true });
    const codes = (links as Array<{ code: string }>).map((row) => row.code);

    console.log(
      `Node ${process.versions.node}, ${spawnSync("nproc", { encoding: "utf8" }).stdout.trim()} cores; emulators`,
    );
    console.log(
      `\nStart-up to listening / to ready (/readyz: Firestore answers, content and guest list loaded), memory:`,
    );
    const figures: Record<Kind, Array<{ listenMs: number; readyMs: number; rss: number; afterLoad: number }>> = {
      tsx: [],
      bundle: [],
    };
    for (let run = 0; run < STARTS_PER_KIND; run += 1) {
      for (const kind of (run % 2 === 0 ? ["tsx", "bundle"] : ["bundle", "tsx"]) as Kind[]) {
        const instance = await start(kind);
        const pid = instance.process.child.pid ?? 0;
        const atReady = memoryMiB(pid).rss;
        await autocannon({ url: `${instance.url}trpc/site.content`, connections: 10, amount: 2000 });
        figures[kind].push({ ...instance, rss: atReady, afterLoad: memoryMiB(pid).rss });
        await instance.process.stop();
      }
    }
    for (const kind of ["tsx", "bundle"] as Kind[]) {
      const runs = figures[kind];
      console.log(
        `  ${kind.padEnd(7)} listening ${median(runs.map((r) => r.listenMs)).toFixed(0)} ms, ready ${median(runs.map((r) => r.readyMs)).toFixed(0)} ms; ` +
          `RSS at ready ${median(runs.map((r) => r.rss)).toFixed(0)} MiB, after 2,000 content queries ${median(runs.map((r) => r.afterLoad)).toFixed(0)} MiB ` +
          `(median of ${runs.length})`,
      );
    }

    const instance = await start("bundle");
    const pid = instance.process.child.pid ?? 0;
    console.log(
      `\nOne instance (${path.relative(REPO_ROOT, SERVER_BUNDLE)}), ${CONCURRENCY} connections, ${SECONDS} s:`,
    );

    const contentUrl = `${instance.url}trpc/site.content`;
    await autocannon({ url: contentUrl, connections: CONCURRENCY, duration: 2 });
    const cpuBefore = cpuSeconds(pid);
    const content = await autocannon({ url: contentUrl, connections: CONCURRENCY, duration: SECONDS });
    const contentCpuMs = ((cpuSeconds(pid) - cpuBefore) * 1000) / content.requests.total;
    console.log(
      `  content query  ${Math.round(content.requests.average)} req/s, p50 ${content.latency.p50} ms, p99 ${content.latency.p99} ms, ` +
        `${content.errors + content.non2xx} errors; ${contentCpuMs.toFixed(3)} ms of CPU per request`,
    );

    const authHost = emulators.env.FIREBASE_AUTH_EMULATOR_HOST ?? "";
    const households = await Promise.all(
      codes.map(async (code) => {
        const token = await signInWithInvite(instance.url, code, authHost);
        const mine = await call<InvitationView>(instance.url, "invitations.mine", { token });
        return { token, invitation: mine.body.result?.data as InvitationView, revision: 0 };
      }),
    );
    // Each worker answers for its own households in turn, each answer a new revision: one Firestore transaction
    // (the answer and its history entry) per request, as a guest changing an answer.
    const latencies: number[] = [];
    let failures = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const writeCpuBefore = cpuSeconds(pid);
    const writesStarted = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        const mine = households.filter((_, index) => index % CONCURRENCY === worker);
        for (let turn = 0; performance.now() < deadline; turn += 1) {
          const household = mine[turn % mine.length];
          if (!household) return;
          const sent = performance.now();
          const answer = await call(instance.url, "rsvp.submit", {
            input: declineEverything(household.invitation, household.revision),
            token: household.token,
            mutation: true,
          });
          latencies.push(performance.now() - sent);
          if (answer.status === 200) household.revision += 1;
          else failures += 1;
        }
      }),
    );
    const elapsed = (performance.now() - writesStarted) / 1000;
    const writes = latencies.length - failures;
    const writeCpuMs = ((cpuSeconds(pid) - writeCpuBefore) * 1000) / latencies.length;
    const sorted = latencies.toSorted((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(0);
    console.log(
      `  RSVP writes    ${(writes / elapsed).toFixed(0)} answers/s (${households.length} households), p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ` +
        `${failures} refused; ${writeCpuMs.toFixed(2)} ms of the BFF's CPU per answer (2 Firestore writes each)`,
    );
    console.log(
      `  memory after both: RSS ${memoryMiB(pid).rss.toFixed(0)} MiB, peak ${memoryMiB(pid).peak.toFixed(0)} MiB`,
    );

    // Open pages on the day: each holds one live stream (an open request, so it counts against Cloud Run's
    // per-instance concurrency). How much one costs, and how fast an announcement reaches all of them.
    const rssBeforeStreams = memoryMiB(pid).rss;
    const streams = Array.from({ length: STREAMS }, () => openRawStream(`${instance.url}trpc/live.feed`));
    await waitFor(() => streams.every((stream) => stream.text().includes("snapshot")), "every stream's first snapshot");
    const rssWithStreams = memoryMiB(pid).rss;
    // firebase-admin finds the emulators through process.env, as the seed commands do.
    Object.assign(process.env, emulators.env);
    const { database } = connectFirebase(firebaseTargetFromEnv(process.env), "measure-live");
    const message = `Medida ${Date.now()}`;
    const announcedAt = performance.now();
    await database.ref(LIVE_PATH).set({ message, updatedAt: Date.now() });
    await waitFor(() => streams.every((stream) => stream.text().includes(message)), "the announcement on every stream");
    const fanOutMs = performance.now() - announcedAt;
    const withStreams = await autocannon({ url: contentUrl, connections: CONCURRENCY, duration: 5 });
    console.log(
      `  ${STREAMS} open live streams: +${(rssWithStreams - rssBeforeStreams).toFixed(0)} MiB RSS; an announcement reached all ` +
        `of them ${fanOutMs.toFixed(0)} ms after the database write; content query meanwhile ` +
        `${Math.round(withStreams.requests.average)} req/s, p99 ${withStreams.latency.p99} ms`,
    );
    for (const stream of streams) stream.close();
  } finally {
    for (const process_ of running) await process_.stop();
    await emulators.stop();
  }
}

await main();
