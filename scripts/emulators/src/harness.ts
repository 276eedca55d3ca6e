// Starts Auth, Firestore and the Realtime Database emulators together, hands back the environment that points
// firebase-admin at them, and guarantees that everything stops: on stop(), on exit, on Ctrl-C, on failure.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { assertPortFree, freePort } from "@boda/kit/ports";
import { configuredEmulators, REPO_ROOT } from "@boda/kit/repo";
import { startAuthEmulator } from "./auth";
import { startDatabaseEmulator } from "./database";
import { startFirestoreEmulator } from "./firestore";
import type { EmulatorStartOptions, RunningEmulator } from "./types";

export const DEFAULT_PROJECT_ID = "demo-boda";

const EMULATORS = {
  auth: { start: startAuthEmulator, portVariable: "AUTH_EMULATOR_PORT", envVariable: "FIREBASE_AUTH_EMULATOR_HOST" },
  firestore: {
    start: startFirestoreEmulator,
    portVariable: "FIRESTORE_EMULATOR_PORT",
    envVariable: "FIRESTORE_EMULATOR_HOST",
  },
  database: {
    start: startDatabaseEmulator,
    portVariable: "DATABASE_EMULATOR_PORT",
    envVariable: "FIREBASE_DATABASE_EMULATOR_HOST",
  },
} as const;
export type EmulatorName = keyof typeof EMULATORS;
export const EMULATOR_NAMES = Object.keys(EMULATORS) as EmulatorName[];

export interface HarnessOptions {
  /** "free": let the OS pick (tests); "configured": firebase.json ports, overridable by *_EMULATOR_PORT. */
  ports: "free" | "configured";
  projectId?: string;
  host?: string;
  log?: (line: string) => void;
}

export interface RunningEmulators {
  emulators: RunningEmulator[];
  /** The variables that point firebase-admin (and the BFF, seeds, tests) at these emulators. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startEmulators(options: HarnessOptions): Promise<RunningEmulators> {
  if (options.ports === "configured") return startOnce(options);
  // A free port can be taken by another process between being picked and being bound: one retry on fresh ports.
  try {
    return await startOnce(options);
  } catch (error) {
    (options.log ?? console.log)(
      `  (retrying on other free ports after: ${(error as Error).message.split("\n")[1] ?? ""})`,
    );
    return startOnce(options);
  }
}

async function startOnce(options: HarnessOptions): Promise<RunningEmulators> {
  const host = options.host ?? "127.0.0.1";
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const log = options.log ?? ((line: string) => console.log(line));
  const logDir = path.join(REPO_ROOT, ".emulators", `logs-${process.pid}-${Date.now()}`);
  mkdirSync(logDir, { recursive: true });
  const configured = configuredEmulators();

  const plans = await Promise.all(
    EMULATOR_NAMES.map(async (name) => {
      const { portVariable } = EMULATORS[name];
      const port =
        options.ports === "free" ? await freePort(host) : Number(process.env[portVariable] ?? configured[name].port);
      // Readiness is probed over HTTP, so a server already on the port would look like ours: refuse it up front.
      await assertPortFree(`the ${name} emulator`, host, port, portVariable);
      return { name, start: { host, port, projectId, rootDir: REPO_ROOT, logDir } satisfies EmulatorStartOptions };
    }),
  );

  const running: RunningEmulator[] = [];
  const stop = async () => {
    process.off("exit", stopSyncOnExit);
    await Promise.allSettled(running.splice(0).map((emulator) => emulator.stop()));
  };
  // Last resort if the process exits without calling stop(): the children also carry a parent-death signal.
  const stopSyncOnExit = () => void stop();
  process.on("exit", stopSyncOnExit);

  const results = await Promise.allSettled(
    plans.map(async ({ name, start }) => {
      const emulator = await EMULATORS[name].start(start);
      running.push(emulator);
      return emulator;
    }),
  );
  const failures = results.flatMap((result) =>
    result.status === "rejected" ? [String(result.reason?.message ?? result.reason)] : [],
  );
  if (failures.length > 0) {
    await stop();
    throw new Error(
      `Could not start the emulators (everything started has been stopped):\n- ${failures.join("\n- ")}\nLogs: ${logDir}`,
    );
  }

  const env: Record<string, string> = { FIREBASE_PROJECT_ID: projectId, GCLOUD_PROJECT: projectId };
  for (const { name, start } of plans) env[EMULATORS[name].envVariable] = `${host}:${start.port}`;
  for (const emulator of running) log(`  ${emulator.name.padEnd(17)} ${host}:${emulator.port}  ${emulator.source}`);
  log(`  Emulator logs     ${path.relative(REPO_ROOT, logDir)}`);
  return { emulators: [...running], env, stop };
}
