// One firebase-admin app per process, for emulators or a real project; the BFF and the seed commands share it.
import { type App, applicationDefault, deleteApp, initializeApp } from "firebase-admin/app";
import { type Auth, getAuth } from "firebase-admin/auth";
import { type Database, getDatabase } from "firebase-admin/database";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { getRemoteConfig, type RemoteConfig } from "firebase-admin/remote-config";

export interface FirebaseTarget {
  projectId: string;
  /** e.g. `http://127.0.0.1:9000?ns=demo-boda-default-rtdb` locally, `https://<db>.firebasedatabase.app` for real. */
  databaseUrl: string;
  /** True when FIRESTORE_EMULATOR_HOST & co. point firebase-admin at the Local Emulator Suite. */
  emulated: boolean;
}

export interface FirebaseHandles {
  target: FirebaseTarget;
  app: App;
  auth: Auth;
  firestore: Firestore;
  database: Database;
  remoteConfig: RemoteConfig;
  close(): Promise<void>;
}

const EMULATOR_VARIABLES = [
  "FIRESTORE_EMULATOR_HOST",
  "FIREBASE_AUTH_EMULATOR_HOST",
  "FIREBASE_DATABASE_EMULATOR_HOST",
];

/**
 * Reads the target from the environment. Emulator mode needs all three emulator hosts; a real project needs
 * its id plus Application Default Credentials. `demo-*` projects are emulator-only by Firebase's own rule.
 */
export function firebaseTargetFromEnv(env: NodeJS.ProcessEnv = process.env): FirebaseTarget {
  const projectId = env.FIREBASE_PROJECT_ID ?? env.GCLOUD_PROJECT ?? "demo-boda";
  const present = EMULATOR_VARIABLES.filter((name) => env[name]);
  const emulated = present.length > 0;
  if (emulated && present.length !== EMULATOR_VARIABLES.length) {
    const missing = EMULATOR_VARIABLES.filter((name) => !env[name]);
    throw new Error(
      `Emulator mode is half set up: ${present.join(", ")} set but ${missing.join(", ")} missing. ` +
        "Start everything with `pnpm start` (or `pnpm emulators`), which sets all of them.",
    );
  }
  if (!emulated && projectId.startsWith("demo-")) {
    throw new Error(
      `Project "${projectId}" is a demo project, which only exists in the emulators, but no emulator host is set. ` +
        "Run through `pnpm start`, or set FIREBASE_PROJECT_ID to a real project with credentials.",
    );
  }
  const databaseUrl = emulated
    ? `http://${env.FIREBASE_DATABASE_EMULATOR_HOST}?ns=${projectId}-default-rtdb`
    : (env.FIREBASE_DATABASE_URL ?? `https://${projectId}-default-rtdb.firebaseio.com`);
  return { projectId, databaseUrl, emulated };
}

export function connectFirebase(target: FirebaseTarget, appName = "boda"): FirebaseHandles {
  if (target.emulated) {
    // Without credentials, Google's auth library probes the cloud metadata server (a network call off this
    // machine) before the first request; the emulators need no credentials, so it must not look.
    process.env.METADATA_SERVER_DETECTION = "none";
  }
  const app = initializeApp(
    {
      projectId: target.projectId,
      databaseURL: target.databaseUrl,
      // Emulators accept any credential; a real project uses Application Default Credentials.
      ...(target.emulated ? {} : { credential: applicationDefault() }),
    },
    appName,
  );
  const firestore = getFirestore(app);
  firestore.settings({ ignoreUndefinedProperties: false });
  return {
    target,
    app,
    auth: getAuth(app),
    firestore,
    database: getDatabase(app),
    remoteConfig: getRemoteConfig(app),
    close: () => deleteApp(app),
  };
}
