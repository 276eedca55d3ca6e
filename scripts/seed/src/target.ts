// Decides where a seed command writes: the local emulators (always the default) or a real Firebase project,
// which needs an explicit `--project <id>`, credentials and `--yes`. `demo-*` ids never leave the emulators.
import { existsSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Io } from "@boda/kit/io";
import { CommandError } from "@boda/kit/problems";
import { configuredEmulators } from "@boda/kit/repo";
import { connectFirebase, type FirebaseHandles, firebaseTargetFromEnv } from "@boda/server/firebase/admin";

export interface TargetOptions {
  /** A real project id (needs credentials and `yes`) or a `demo-*` id for the emulators. */
  project?: string;
  yes?: boolean;
}

export type Service = "firestore" | "auth" | "database";

const HOST_VARIABLES: Record<Service, string> = {
  firestore: "FIRESTORE_EMULATOR_HOST",
  auth: "FIREBASE_AUTH_EMULATOR_HOST",
  database: "FIREBASE_DATABASE_EMULATOR_HOST",
};
const SERVICE_NAMES: Record<Service, string> = { firestore: "Firestore", auth: "Auth", database: "Realtime Database" };
const DEFAULT_PROJECT = "demo-boda";

export interface ResolvedTarget {
  /** The environment firebase-admin must see (emulator hosts set, or all of them absent). */
  env: NodeJS.ProcessEnv;
  projectId: string;
  emulated: boolean;
  /** One line for the couple: where this command is about to write. */
  description: string;
}

/** Pure decision from flags and environment; throws a CommandError explaining the fix when it must refuse. */
export function resolveTarget(options: TargetOptions, env: NodeJS.ProcessEnv): ResolvedTarget {
  const hostsSet = Object.values(HOST_VARIABLES).filter((name) => env[name]);
  const requested = options.project ?? env.FIREBASE_PROJECT_ID ?? DEFAULT_PROJECT;
  const isDemo = requested.startsWith("demo-");

  if (!isDemo) {
    if (options.project === undefined) {
      throw new CommandError(
        `FIREBASE_PROJECT_ID is "${requested}", a real project, but seed commands only reach a real project when asked explicitly.`,
        [
          {
            where: "command line",
            message: `add --project ${requested} --yes to publish to the real project, or unset FIREBASE_PROJECT_ID to use the emulators`,
          },
        ],
      );
    }
    if (hostsSet.length > 0) {
      throw new CommandError(
        `--project ${requested} is a real project, but emulator hosts are set (${hostsSet.join(", ")}).`,
        [
          {
            where: "environment",
            message: `unset ${hostsSet.join(", ")} to reach the real project, or drop --project to use the emulators`,
          },
        ],
      );
    }
    if (!options.yes) {
      throw new CommandError(`This would change the real project "${requested}" that guests see.`, [
        {
          where: "command line",
          message: "add --yes to confirm",
          example: `pnpm seed --project ${requested} --yes <command> …`,
        },
      ]);
    }
    if (!hasCredentials(env)) {
      throw new CommandError(`No credentials found for the real project "${requested}".`, [
        {
          where: "environment",
          message:
            "set GOOGLE_APPLICATION_CREDENTIALS to a service-account key file, or run `gcloud auth application-default login`",
        },
      ]);
    }
    const real: NodeJS.ProcessEnv = { ...env, FIREBASE_PROJECT_ID: requested };
    const target = firebaseTargetFromEnv(real);
    return {
      env: real,
      projectId: requested,
      emulated: false,
      description: `REAL project ${requested} (${target.databaseUrl})`,
    };
  }

  // Emulators: use the hosts the harness exported, else the fixed ports firebase.json declares (`pnpm start`).
  const defaults = emulatorDefaults();
  const emulatorEnv: NodeJS.ProcessEnv = { ...env, FIREBASE_PROJECT_ID: requested };
  for (const [service, variable] of Object.entries(HOST_VARIABLES) as [Service, string][]) {
    emulatorEnv[variable] = env[variable] ?? defaults[service];
  }
  const hosts = (Object.keys(HOST_VARIABLES) as Service[]).map(
    (service) => `${SERVICE_NAMES[service]} ${emulatorEnv[HOST_VARIABLES[service]]}`,
  );
  return {
    env: emulatorEnv,
    projectId: requested,
    emulated: true,
    description: `emulators, project ${requested} (${hosts.join(", ")})`,
  };
}

function hasCredentials(env: NodeJS.ProcessEnv): boolean {
  const keyFile = env.GOOGLE_APPLICATION_CREDENTIALS;
  if (keyFile) return existsSync(keyFile);
  const configDir = env.CLOUDSDK_CONFIG ?? path.join(os.homedir(), ".config", "gcloud");
  return existsSync(path.join(configDir, "application_default_credentials.json"));
}

function emulatorDefaults(): Record<Service, string> {
  const configured = configuredEmulators();
  const hostOf = (service: Service) => `${configured[service].host}:${configured[service].port}`;
  return { firestore: hostOf("firestore"), auth: hostOf("auth"), database: hostOf("database") };
}

/** Refuses early, with the fix, when an emulator is not listening (the SDKs would otherwise retry for minutes). */
async function ensureReachable(target: ResolvedTarget, needs: readonly Service[]): Promise<void> {
  const unreachable: string[] = [];
  for (const service of needs) {
    const hostPort = target.env[HOST_VARIABLES[service]] ?? "";
    if (!(await canConnect(hostPort))) unreachable.push(`${SERVICE_NAMES[service]} emulator at ${hostPort}`);
  }
  if (unreachable.length > 0) {
    throw new CommandError(`Cannot reach the ${unreachable.join(" or the ")}.`, [
      {
        where: "emulators",
        message:
          "start them first: `pnpm start` in another terminal, or run the command inside `pnpm emulators exec -- …`",
        example: "pnpm emulators exec -- pnpm seed content scripts/seed/content/boda.example.yaml",
      },
    ]);
  }
}

function canConnect(hostPort: string): Promise<boolean> {
  const separator = hostPort.lastIndexOf(":");
  const host = hostPort.slice(0, separator).replace(/^\[|\]$/g, "");
  const port = Number(hostPort.slice(separator + 1));
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => finish(true));
    socket.once("timeout", () => finish(false));
    socket.once("error", () => finish(false));
  });
}

let appCounter = 0;

/**
 * Connects to the resolved target, runs `work`, and always closes the app. firebase-admin reads the emulator
 * hosts from process.env, so they are copied there (or removed for a real project) before connecting.
 */
export async function withFirebase<T>(
  io: Io,
  options: TargetOptions,
  needs: readonly Service[],
  work: (firebase: FirebaseHandles, target: ResolvedTarget) => Promise<T>,
): Promise<T> {
  const target = resolveTarget(options, io.env);
  for (const variable of Object.values(HOST_VARIABLES)) {
    const value = target.env[variable];
    if (value === undefined) delete process.env[variable];
    else process.env[variable] = value;
  }
  if (target.emulated) await ensureReachable(target, needs);
  io.out(`Target: ${target.description}`);
  appCounter += 1;
  const firebase = connectFirebase(firebaseTargetFromEnv(target.env), `seed-${process.pid}-${appCounter}`);
  try {
    return await work(firebase, target);
  } finally {
    await firebase.close();
  }
}
