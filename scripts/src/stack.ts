// The whole stack as guests get it: emulators, the demo content published with the couple's own seed command,
// and the BFF serving the production build of web/. Used by `pnpm start` and by the end-to-end tests.
import { spawn } from "node:child_process";
import path from "node:path";
import { type RunningEmulators, startEmulators } from "./emulators/harness";
import { freePort } from "./emulators/ports";
import { httpOk, type ManagedProcess, spawnManaged, typescriptCommand, waitUntilReady } from "./emulators/processes";
import { EXAMPLE_CONTENT_FILE, REPO_ROOT } from "./repo";

export const WEB_DIST_DIR = path.join(REPO_ROOT, "web/dist");

export interface StackOptions {
  ports: "free" | "configured";
  /** The BFF's port when ports are "configured" (default 8787, or BFF_PORT). */
  bffPort?: number;
  log?: (line: string) => void;
}

export interface RunningStack {
  url: string;
  emulators: RunningEmulators;
  stop(): Promise<void>;
}

/** Runs a command to completion, failing with its output when it exits non-zero. */
export function runToCompletion(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; label: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? REPO_ROOT, env: options.env ?? process.env });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${options.label} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

/** A day safely before the example wedding (12 June 2027), so its dates never count as "in the past". */
const DEMO_PUBLISHED_AT = "2027-01-01T10:00:00Z";

/** Publishes the example wedding with the couple's own command, as they would. */
export function seedDemoContent(env: NodeJS.ProcessEnv): Promise<string> {
  const [node, args] = typescriptCommand("scripts/src/seed/cli.ts");
  return runToCompletion(node, [...args, "content", EXAMPLE_CONTENT_FILE], {
    env: { ...env, SEED_NOW: DEMO_PUBLISHED_AT },
    label: "Publishing the demo content (pnpm seed content)",
  });
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const emulators = await startEmulators({ ports: options.ports, log });
  let bff: ManagedProcess | undefined;
  const stop = async () => {
    await bff?.stop();
    await emulators.stop();
  };
  try {
    const env = { ...process.env, ...emulators.env };
    const seeded = await seedDemoContent(env);
    log(`  Demo content      ${seeded.trim().split("\n").at(-1) ?? "published"}`);

    const port =
      options.ports === "free" ? await freePort() : (options.bffPort ?? Number(process.env.BFF_PORT ?? 8787));
    const logDir = path.join(REPO_ROOT, ".emulators");
    bff = spawnManaged(...typescriptCommand("server/src/main.ts"), {
      cwd: REPO_ROOT,
      env: { ...env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), WEB_DIST_DIR: WEB_DIST_DIR },
      logFile: path.join(logDir, `bff-${port}.log`),
    });
    const url = `http://127.0.0.1:${port}/`;
    await waitUntilReady("The BFF", bff, () => httpOk(`${url}readyz`), { timeoutMs: 30_000 });
    log(`  BFF               ${url}  serving web/dist, logs .emulators/bff-${port}.log`);
    return { url, emulators, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
