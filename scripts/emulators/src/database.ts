// Starts the Realtime Database emulator: the official JAR wherever it is installed, otherwise the
// protocol-compatible stand-in (scripts/rtdb-standin) in a child process; database.rules.json loaded either way.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawnManaged, typescriptCommand, waitUntilReady } from "@boda/kit/processes";
import { FIREBASE_TOOLS_CACHE, jarFromEnv, newestCachedJar } from "./jars";
import { findJava } from "./java";
import type { EmulatorStartOptions, RunningEmulator } from "./types";

const RULES_FILE = "database.rules.json";
const STANDIN_MAIN = fileURLToPath(import.meta.resolve("@boda/rtdb-standin/main"));

interface DatabaseJar {
  jar: string;
  origin: string;
}

/** FIREBASE_DATABASE_EMULATOR_JAR, else the newest JAR firebase-tools downloaded into its cache. */
export function findDatabaseJar(env: NodeJS.ProcessEnv = process.env): DatabaseJar | undefined {
  const configured = jarFromEnv("FIREBASE_DATABASE_EMULATOR_JAR", env);
  if (configured) return { jar: configured, origin: "FIREBASE_DATABASE_EMULATOR_JAR" };
  const cached = newestCachedJar("firebase-database-emulator");
  return cached ? { jar: cached, origin: FIREBASE_TOOLS_CACHE } : undefined;
}

/** The default namespace of a project, which is what firebase-admin uses without a databaseURL. */
export function defaultNamespace(projectId: string): string {
  return `${projectId}-default-rtdb`;
}

function baseUrl(options: EmulatorStartOptions): string {
  return `http://${options.host}:${options.port}`;
}

async function answers(options: EmulatorStartOptions): Promise<boolean> {
  const response = await fetch(`${baseUrl(options)}/.json?ns=${defaultNamespace(options.projectId)}&shallow=true`, {
    headers: { Authorization: "Bearer owner" },
    signal: AbortSignal.timeout(2000),
  });
  return response.ok;
}

async function loadRules(options: EmulatorStartOptions, rulesPath: string): Promise<void> {
  const response = await fetch(`${baseUrl(options)}/.settings/rules.json?ns=${defaultNamespace(options.projectId)}`, {
    method: "PUT",
    headers: { Authorization: "Bearer owner" },
    body: readFileSync(rulesPath, "utf8"),
  });
  if (!response.ok) {
    throw new Error(
      `The Realtime Database emulator rejected ${RULES_FILE}: ${await response.text()}. Fix the rules file.`,
    );
  }
}

/** Waits for the emulator to answer; a failure names the cause and, via `fix`, what to do about it. */
export async function startDatabaseEmulator(options: EmulatorStartOptions): Promise<RunningEmulator> {
  const rulesPath = path.join(options.rootDir, RULES_FILE);
  if (!existsSync(rulesPath))
    throw new Error(`${rulesPath} is missing; the Realtime Database emulator needs its rules.`);
  const logFile = path.join(options.logDir, "database.log");
  const found = findDatabaseJar();

  if (found) {
    const java = findJava(11, "The Realtime Database emulator");
    const args = ["-Duser.language=en", "-jar", found.jar, "--host", options.host, "--port", String(options.port)];
    const process_ = spawnManaged(java.command, args, { logFile });
    await waitUntilReady("The Realtime Database emulator", process_, () => answers(options), {
      fix: `Fix: replace ${found.jar} with a working JAR (\`npx firebase setup:emulators:database\`), or unset FIREBASE_DATABASE_EMULATOR_JAR / remove the JAR from the cache to use the stand-in.`,
    });
    try {
      await loadRules(options, rulesPath);
    } catch (error) {
      await process_.stop();
      throw error;
    }
    return {
      name: "Realtime Database",
      host: options.host,
      port: options.port,
      source: `official emulator ${found.jar} (${found.origin}, Java ${java.majorVersion}), rules: ${RULES_FILE}`,
      stop: process_.stop,
    };
  }

  // No JAR here: run the stand-in as its own process, so it is stopped and isolated exactly like a JAR emulator.
  const [node, standinArgs] = typescriptCommand(STANDIN_MAIN);
  const args = [...standinArgs, "--host", options.host, "--port", String(options.port), "--rules", rulesPath];
  const process_ = spawnManaged(node, [...args, "--project", options.projectId], { logFile });
  await waitUntilReady("The Realtime Database stand-in", process_, () => answers(options), {
    fix: `Fix: run \`pnpm --filter @boda/rtdb-standin exec tsx src/main.ts --port ${options.port}\` to see the error, and check that dependencies are installed (\`pnpm install\`).`,
  });
  return {
    name: "Realtime Database",
    host: options.host,
    port: options.port,
    source:
      `stand-in scripts/rtdb-standin (Node ${process.versions.node}; the official emulator JAR was not found: ` +
      `set FIREBASE_DATABASE_EMULATOR_JAR or run \`npx firebase setup:emulators:database\` to use it), rules: ${RULES_FILE}`,
    stop: process_.stop,
  };
}
