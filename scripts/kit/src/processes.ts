// Child processes that can never outlive the harness: own process group, killed as a group, and (on Linux)
// a parent-death signal so even a SIGKILLed harness takes its Java emulators with it.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { REPO_ROOT } from "./repo";

const hasSetpriv = spawnSync("setpriv", ["--help"], { stdio: "ignore" }).status === 0;

export interface ManagedProcess {
  child: ChildProcess;
  logFile: string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export function spawnManaged(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; logFile: string },
): ManagedProcess {
  const [file, fileArgs] = hasSetpriv ? ["setpriv", ["--pdeathsig", "KILL", "--", command, ...args]] : [command, args];
  const child = spawn(file, fileArgs, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = createWriteStream(options.logFile);
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", () => resolve(-1));
  });
  let stopping: Promise<void> | undefined;
  return {
    child,
    logFile: options.logFile,
    exited,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null && child.pid) {
          killGroup(child.pid, "SIGTERM");
          const forced = setTimeout(() => child.pid && killGroup(child.pid, "SIGKILL"), 5000);
          await exited;
          clearTimeout(forced);
          // The group may hold grandchildren (a shell wrapper's java): make sure none survive.
          killGroup(child.pid, "SIGKILL");
        }
        log.end();
      })();
      return stopping;
    },
  };
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** The last lines of a log file, for error messages that show what the emulator said before it died. */
export function tail(logFile: string, lines = 15): string {
  try {
    return readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no output)";
  }
}

export interface CollectedRun {
  /** The exit code (1 when a signal ended it). */
  code: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr interleaved as they arrived, as a terminal would show them. */
  output: string;
}

/** Runs a command to its end and collects what it printed; a non-zero exit is a result here, not an error. */
export function runCollecting(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CollectedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? REPO_ROOT, env: options.env ?? process.env });
    const run = { stdout: "", stderr: "", output: "" };
    child.stdout.on("data", (chunk) => {
      run.stdout += chunk;
      run.output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      run.stderr += chunk;
      run.output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, ...run }));
  });
}

/** Runs a command to completion, failing with its output when it exits non-zero. */
export async function runToCompletion(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; label: string },
): Promise<string> {
  const { code, output } = await runCollecting(command, args, options);
  if (code !== 0) throw new Error(`${options.label} failed (exit ${code}):\n${output.trim()}`);
  return output;
}

export interface ReadinessOptions {
  timeoutMs?: number;
  /** What to do about it, appended to the error (e.g. how to replace a broken JAR). */
  fix?: string;
}

/**
 * Polls `probe` until it succeeds, the process exits, or the timeout passes. Readiness polling is the only
 * way to know a JVM emulator is up; it never stands in for waiting on events in tests. On failure the process
 * is stopped and the error carries its last output, plus a plain word when the cause is a busy port.
 */
export async function waitUntilReady(
  name: string,
  process_: ManagedProcess,
  probe: () => Promise<boolean>,
  options: ReadinessOptions = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void process_.exited.then((code) => {
    exitCode = code;
  });
  for (let delay = 100; ; delay = Math.min(delay * 1.5, 1000)) {
    const failure =
      exitCode !== undefined
        ? `${name} exited (code ${exitCode}) before it was ready.`
        : Date.now() > deadline
          ? `${name} did not answer within ${timeoutMs / 1000}s.`
          : undefined;
    if (failure) {
      await process_.stop();
      const output = tail(process_.logFile);
      const busyPort = /EADDRINUSE|already in use|BindException|is not open on/i.test(output)
        ? " Its port is already in use: stop the process holding it, or choose another port."
        : "";
      const fix = options.fix ? `\n${options.fix}` : "";
      throw new Error(`${failure}${busyPort}${fix}\nIts output:\n${output}`);
    }
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

export async function httpOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return response.ok;
}

/**
 * The command that runs a TypeScript entry file in a single Node process (tsx as a loader, not as a wrapper
 * process), so stop signals and the parent-death signal reach the program itself.
 */
export function typescriptCommand(entry: string, nodeFlags: string[] = []): [string, string[]] {
  return [process.execPath, [...nodeFlags, "--import", import.meta.resolve("tsx"), entry]];
}
