// Benchmark (not a test): the public content query through tRPC on the real BFF, against a plain Fastify route
// sending the same bytes. The target is "close to plain Fastify"; this prints how close, as requests/s and latency.
//   pnpm bench content
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { typescriptCommand } from "../emulators/processes";
import { REPO_ROOT } from "../repo";
import { runToCompletion, startStack, WEB_DIST_DIR } from "../stack";

const CONNECTIONS = 50;
const SECONDS = 10;

interface Measured {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(label: string, url: string): Promise<Measured> {
  // A short warm-up so the JIT and the content cache are hot before measuring.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function startPlainFastify(payload: string): Promise<{ url: string; stop: () => void }> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "bench-content-")), "payload.json");
  writeFileSync(file, payload);
  const [node, args] = typescriptCommand(fileURLToPath(new URL("./plain-fastify.ts", import.meta.url)));
  const child = spawn(node, [...args, file], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      const match = /listening (\S+)/.exec(String(chunk));
      if (match?.[1]) resolve(`${match[1]}/content`);
    });
    child.on("exit", (code) => reject(new Error(`plain Fastify exited with ${code}`)));
  });
  return { url, stop: () => child.kill("SIGTERM") };
}

if (!existsSync(path.join(WEB_DIST_DIR, "index.html"))) {
  await runToCompletion("pnpm", ["--filter", "@boda/web", "build"], { cwd: REPO_ROOT, label: "Building web/" });
}
const stack = await startStack({ ports: "free", log: () => {} });
const trpcUrl = `${stack.url}trpc/site.content`;
const payload = await (await fetch(trpcUrl)).text();
const plain = await startPlainFastify(payload);
try {
  console.log(
    `Payload ${payload.length} bytes; ${CONNECTIONS} connections, ${SECONDS}s each, Node ${process.versions.node}`,
  );
  const results = [await measure("plain Fastify route", plain.url), await measure("tRPC site.content (BFF)", trpcUrl)];
  for (const result of results) {
    console.log(
      `${result.label.padEnd(26)} ${Math.round(result.requestsPerSecond).toString().padStart(7)} req/s  ` +
        `p50 ${result.p50} ms  p99 ${result.p99} ms  errors ${result.errors}`,
    );
  }
  const [baseline, trpc] = results as [Measured, Measured];
  console.log(
    `tRPC content query at ${((trpc.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}% of plain Fastify`,
  );
} finally {
  plain.stop();
  await stack.stop();
}
