// Starts the official Cloud Firestore emulator (a JAR) with firestore.rules loaded, found wherever it lives.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { httpOk, spawnManaged, waitUntilReady } from "@boda/kit/processes";
import { FIREBASE_TOOLS_CACHE, jarFromEnv, newestCachedJar } from "./jars";
import { findJava } from "./java";
import type { EmulatorStartOptions, RunningEmulator } from "./types";

const GOOGLE_CLOUD_SDK_JAR = "platform/cloud-firestore-emulator/cloud-firestore-emulator.jar";

/** Where the JAR came from matters: the Cloud SDK's and firebase-tools' builds take different arguments. */
interface FirestoreJar {
  jar: string;
  flavour: "cloud-sdk" | "firebase-tools";
  origin: string;
}

/** Where to look; tests pass empty folders to see the "not installed" path. */
interface SearchPlaces {
  /** Candidate Cloud SDK roots; a function so the slow `gcloud info` call runs only when the usual places miss. */
  sdkRoots: Array<string | (() => string | undefined)>;
  home: string;
}

const DEFAULT_PLACES: SearchPlaces = {
  sdkRoots: [
    "/usr/lib/google-cloud-sdk",
    "/usr/share/google-cloud-sdk",
    "/opt/google-cloud-sdk",
    () => gcloudSdkRoot(),
  ],
  home: homedir(),
};

export function findFirestoreJar(
  env: NodeJS.ProcessEnv = process.env,
  places: SearchPlaces = DEFAULT_PLACES,
): FirestoreJar | undefined {
  const jar = jarFromEnv("FIRESTORE_EMULATOR_JAR", env);
  if (jar) {
    const flavour = path.basename(jar).startsWith("cloud-firestore-emulator-v") ? "firebase-tools" : "cloud-sdk";
    return { jar, flavour, origin: "FIRESTORE_EMULATOR_JAR" };
  }
  for (const candidate of places.sdkRoots) {
    const root = typeof candidate === "function" ? candidate() : candidate;
    if (root && existsSync(path.join(root, GOOGLE_CLOUD_SDK_JAR))) {
      return { jar: path.join(root, GOOGLE_CLOUD_SDK_JAR), flavour: "cloud-sdk", origin: "Google Cloud SDK component" };
    }
  }
  const cached = newestCachedJar("cloud-firestore-emulator", places.home);
  return cached ? { jar: cached, flavour: "firebase-tools", origin: FIREBASE_TOOLS_CACHE } : undefined;
}

function gcloudSdkRoot(): string | undefined {
  const result = spawnSync("gcloud", ["info", "--format=value(installation.sdk_root)"], {
    encoding: "utf8",
    timeout: 10_000,
  });
  return result.status === 0 ? result.stdout.trim() || undefined : undefined;
}

export interface FirestoreStartOptions extends EmulatorStartOptions {
  /** Start with the data of an export (the `.overall_export_metadata` file `exportFirestoreData` returns). */
  seedFromExport?: string;
}

export async function startFirestoreEmulator(options: FirestoreStartOptions): Promise<RunningEmulator> {
  const found = findFirestoreJar();
  if (!found) {
    throw new Error(
      "The Cloud Firestore emulator is not installed. Install it with the Google Cloud CLI " +
        "(`sudo apt-get install google-cloud-cli-firestore-emulator`, or `gcloud components install cloud-firestore-emulator`), " +
        "or run `npx firebase setup:emulators:firestore` once with internet access, or set FIRESTORE_EMULATOR_JAR to the JAR's path.",
    );
  }
  const java = findJava(11, "The Cloud Firestore emulator");
  const rules = path.join(options.rootDir, "firestore.rules");
  const common = [
    "--host",
    options.host,
    "--port",
    String(options.port),
    "--rules",
    rules,
    "--project_id",
    options.projectId,
    ...(options.seedFromExport ? ["--seed_from_export", options.seedFromExport] : []),
  ];
  const args =
    found.flavour === "cloud-sdk"
      ? [
          "-Duser.language=en",
          "-cp",
          found.jar,
          "com.google.cloud.datastore.emulator.firestore.CloudFirestore",
          "start",
          ...common,
          "--single_project_mode",
        ]
      : ["-Duser.language=en", "-jar", found.jar, ...common, "--single_project_mode", "true"];
  const process_ = spawnManaged(java.command, args, { logFile: path.join(options.logDir, "firestore.log") });
  await waitUntilReady("The Firestore emulator", process_, () => httpOk(`http://${options.host}:${options.port}/`));
  return {
    name: "Firestore",
    host: options.host,
    port: options.port,
    source: `official emulator ${found.jar} (${found.origin}, Java ${java.majorVersion}), rules: firestore.rules`,
    stop: process_.stop,
  };
}

/**
 * Writes everything the running emulator holds to `directory` (its export endpoint, as `firebase emulators:export`
 * uses) and returns the export's metadata file, for `seedFromExport`: how a test stops Firestore and brings it back
 * with its data, as a real project's data survives an outage.
 */
export async function exportFirestoreData(
  emulator: Pick<RunningEmulator, "host" | "port">,
  projectId: string,
  directory: string,
): Promise<string> {
  mkdirSync(directory, { recursive: true });
  const response = await fetch(`http://${emulator.host}:${emulator.port}/emulator/v1/projects/${projectId}:export`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ database: `projects/${projectId}/databases/(default)`, export_directory: directory }),
  });
  if (!response.ok)
    throw new Error(`The Firestore emulator refused the export (${response.status}): ${await response.text()}`);
  const metadata = readdirSync(directory, { recursive: true, encoding: "utf8" }).find((file) =>
    file.endsWith(".overall_export_metadata"),
  );
  if (!metadata) throw new Error(`The Firestore emulator wrote no export metadata into ${directory}.`);
  return path.join(directory, metadata);
}
