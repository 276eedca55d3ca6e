// Benchmark of the Realtime Database stand-in (not a test): starts one in its own process, then measures
// 10,000 firebase-admin sets at 100 concurrent and one write fanned out to 200 separate client connections.
//   pnpm bench rtdb
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@boda/kit/ports";
import { spawnManaged, typescriptCommand, waitUntilReady } from "@boda/kit/processes";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { type DataSnapshot, getDatabase } from "firebase-admin/database";

const HOST = "127.0.0.1";
const SETS = 10_000;
const CONCURRENCY = 100;
const LISTENERS = 200;
const FANOUT_ROUNDS = 20;
/** The whole run is bounded: past this, the benchmark gives up instead of hanging. */
const DEADLINE_MS = 180_000;

interface Stats {
  count: number;
  seconds: number;
  p50: number;
  p99: number;
}

function summarize(latencies: number[], seconds: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { count: sorted.length, seconds, p50: at(0.5), p99: at(0.99) };
}

function print(label: string, stats: Stats, unit: string): void {
  console.log(
    `${label}: ${stats.count} ${unit} in ${stats.seconds.toFixed(2)}s = ${Math.round(stats.count / stats.seconds)} ${unit}/s, ` +
      `latency p50 ${stats.p50.toFixed(2)} ms, p99 ${stats.p99.toFixed(2)} ms`,
  );
}

async function benchSets(databaseURL: string, apps: App[]): Promise<Stats> {
  const app = initializeApp({ projectId: "demo-boda", databaseURL }, `bench-sets-${randomUUID()}`);
  apps.push(app);
  const db = getDatabase(app);
  await db.ref("bench/warmup").set(true);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < SETS; i = next++) {
        const begin = performance.now();
        await db.ref(`bench/sets/${i % 100}/${i}`).set({ i, at: Date.now() });
        latencies.push(performance.now() - begin);
      }
    }),
  );
  return summarize(latencies, (performance.now() - started) / 1000);
}

async function benchFanout(databaseURL: string, apps: App[]): Promise<Stats> {
  const writerApp = initializeApp({ projectId: "demo-boda", databaseURL }, `bench-writer-${randomUUID()}`);
  apps.push(writerApp);
  const writer = getDatabase(writerApp).ref("bench/fanout");
  await writer.set({ round: -1, sentAt: 0 });

  const latencies: number[] = [];
  let round = -1;
  let pending = 0;
  let roundDone: () => void = () => {};
  await Promise.all(
    Array.from({ length: LISTENERS }, (_, n) => {
      // One app per listener: each firebase-admin app holds its own WebSocket connection.
      const app = initializeApp({ projectId: "demo-boda", databaseURL }, `bench-listener-${n}-${randomUUID()}`);
      apps.push(app);
      return new Promise<void>((ready) => {
        getDatabase(app)
          .ref("bench/fanout")
          .on("value", (snapshot: DataSnapshot) => {
            const value = snapshot.val() as { round: number; sentAt: number };
            if (value.round === -1) ready();
            if (value.round !== round || round < 0) return;
            latencies.push(performance.now() - value.sentAt);
            pending -= 1;
            if (pending === 0) roundDone();
          });
      });
    }),
  );

  const started = performance.now();
  for (round = 0; round < FANOUT_ROUNDS; round++) {
    pending = LISTENERS;
    const done = new Promise<void>((resolve) => {
      roundDone = resolve;
    });
    await writer.set({ round, sentAt: performance.now() });
    await done;
  }
  return summarize(latencies, (performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const port = await freePort(HOST);
  const logDir = mkdtempSync(path.join(tmpdir(), "bench-rtdb-"));
  const [node, standinArgs] = typescriptCommand(fileURLToPath(import.meta.resolve("@boda/rtdb-standin/main")));
  const standin = spawnManaged(node, [...standinArgs, "--host", HOST, "--port", String(port)], {
    logFile: path.join(logDir, "database.log"),
  });
  const apps: App[] = [];
  const deadline = setTimeout(() => {
    console.error(`Benchmark exceeded ${DEADLINE_MS / 1000}s; giving up.`);
    void standin.stop().then(() => process.exit(1));
  }, DEADLINE_MS);
  try {
    await waitUntilReady("The Realtime Database stand-in", standin, async () => {
      const response = await fetch(`http://${HOST}:${port}/.json?ns=bench&shallow=true`);
      return response.ok;
    });
    const databaseURL = `http://${HOST}:${port}?ns=bench-${randomUUID().slice(0, 8)}`;
    console.log(`Realtime Database stand-in on ${HOST}:${port} (its own process), Node ${process.versions.node}`);
    print(`sets (${CONCURRENCY} concurrent, firebase-admin)`, await benchSets(databaseURL, apps), "sets");
    print(
      `fan-out (${FANOUT_ROUNDS} writes x ${LISTENERS} connections)`,
      await benchFanout(databaseURL, apps),
      "deliveries",
    );
  } finally {
    clearTimeout(deadline);
    await Promise.all(apps.map((app) => deleteApp(app)));
    await standin.stop();
    rmSync(logDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
