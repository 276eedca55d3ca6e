// The BFF as `pnpm bench` measures it: its own process, started the way production starts it (NODE_ENV=production,
// its own logging to a file it writes itself), plus the ceiling route preloaded from ceiling-route.mjs.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { freePort } from "@boda/kit/ports";
import { typescriptCommand } from "@boda/kit/processes";
import { REPO_ROOT } from "@boda/kit/repo";

export const CEILING_ROUTE = fileURLToPath(new URL("./ceiling-route.mjs", import.meta.url));
/** Kept in step with ceiling-route.mjs. */
export const CEILING_PATH = "/__bench/ceiling";

/**
 * The command that runs the BFF: `BENCH_BFF_COMMAND` (e.g. `node server/dist/main.js` for a bundled build, run from
 * the repository root), or `server/src/main.ts` through tsx as `pnpm start` runs it.
 */
export function bffCommand(): { command: string; args: string[]; label: string } {
  const custom = process.env.BENCH_BFF_COMMAND?.trim();
  if (custom) {
    const [command = "node", ...args] = custom.split(/\s+/);
    return { command, args, label: custom };
  }
  const [command, args] = typescriptCommand("server/src/main.ts");
  return { command, args, label: "node --import tsx server/src/main.ts (as `pnpm start` runs it)" };
}

export interface BffProcess {
  url: string;
  pid: number;
  logFile: string;
  /** Resident memory now and its peak since the process started (VmRSS, VmHWM), in bytes. */
  memory(): { rss: number; peak: number };
  /** CPU time the process has used so far (user + system), in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

const hasSetpriv = spawnSync("setpriv", ["--help"], { stdio: "ignore" }).status === 0;

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kilobytes("VmRSS") * 1024, peak: kilobytes("VmHWM") * 1024 };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux). */
const TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
}

export async function startBff(options: {
  env: NodeJS.ProcessEnv;
  webDistDir: string;
  logFile: string;
  /** Where the ceiling route reads its body (written by the benchmark once the BFF answers). */
  ceilingBodyFile: string;
}): Promise<BffProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { command, args } = bffCommand();
  const log = openSync(options.logFile, "a");
  // The BFF writes its log file itself: no pipe back into the benchmarking process.
  const [file, fileArgs] = hasSetpriv ? ["setpriv", ["--pdeathsig", "KILL", "--", command, ...args]] : [command, args];
  const child = spawn(file, fileArgs, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ["ignore", log, log],
    env: {
      ...options.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      WEB_DIST_DIR: options.webDistDir,
      NODE_OPTIONS: `${options.env.NODE_OPTIONS ?? ""} --import=${CEILING_ROUTE}`.trim(),
      BENCH_CEILING_BODY: options.ceilingBodyFile,
    },
  });
  closeSync(log);
  const pid = child.pid;
  if (!pid) throw new Error(`Could not start the BFF with ${command}.`);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-pid, "SIGTERM");
    const forced = setTimeout(() => process.kill(-pid, "SIGKILL"), 10_000);
    await exited;
    clearTimeout(forced);
  };
  const deadline = Date.now() + 60_000;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error(`The BFF exited before it was ready; see ${options.logFile}.`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The BFF was not ready within 60 s; see ${options.logFile}.`);
    }
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid, logFile: options.logFile, memory: () => memoryOf(pid), cpuMs: () => cpuMsOf(pid), stop };
}
