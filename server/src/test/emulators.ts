// Test support: refuses to run without the emulators, and gives each test file its own Firestore database and
// Realtime Database namespace (the emulators host many), so files run in parallel without seeing each other's writes.
import { readFileSync } from "node:fs";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { parse } from "yaml";
import { Content } from "../contract/content";
import { CONTENT_DOC } from "../contract/firestore-paths";

const REQUIRED = ["FIRESTORE_EMULATOR_HOST", "FIREBASE_AUTH_EMULATOR_HOST", "FIREBASE_DATABASE_EMULATOR_HOST"];

export function requireEmulators(): void {
  const missing = REQUIRED.filter((name) => !process.env[name]);
  if (missing.length > 0) {
    throw new Error(
      `Integration tests only run against the emulators, and ${missing.join(", ")} is not set. ` +
        "Run them with `pnpm test`, or `pnpm emulators exec -- pnpm --filter @boda/server test`.",
    );
  }
}

export interface TestFirestore {
  app: App;
  firestore: Firestore;
  /** The Firestore database id; the Realtime Database namespace is made from it. */
  id: string;
  close(): Promise<void>;
}

export function isolatedFirestore(label: string): TestFirestore {
  requireEmulators();
  const id = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return firestoreNamed(id, id);
}

/**
 * Another firebase-admin app (its own connections, as another BFF instance has) over the same Firestore database and
 * Realtime Database namespace as `db`.
 */
export function sameDatabasesAs(db: TestFirestore, label: string): TestFirestore {
  requireEmulators();
  return firestoreNamed(db.id, `${db.id}-${label}`);
}

function firestoreNamed(id: string, appName: string): TestFirestore {
  const app = initializeApp(
    {
      projectId: process.env.FIREBASE_PROJECT_ID ?? "demo-boda",
      // Its own Realtime Database namespace too, so live data of one file never reaches another.
      databaseURL: `http://${process.env.FIREBASE_DATABASE_EMULATOR_HOST}?ns=${id.replace(/[^a-z0-9-]/g, "")}`,
    },
    appName,
  );
  return { app, firestore: getFirestore(app, id), id, close: () => deleteApp(app) };
}

const EXAMPLE_FILE = new URL("../../../scripts/seed/content/boda.example.yaml", import.meta.url);

/** The fictional couple's content, the same file `pnpm start` publishes. */
export function exampleContent(): Content {
  return Content.parse(parse(readFileSync(EXAMPLE_FILE, "utf8")));
}

/** Publishes content the way the seed command stores it. */
export async function publishContent(firestore: Firestore, content: Content, version: number): Promise<void> {
  await firestore.doc(CONTENT_DOC).set({ content, version, updatedAt: new Date() });
}
