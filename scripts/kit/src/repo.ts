// Where things are in the repository, and the emulator ports firebase.json declares: one answer for the harness,
// the stack, the seed commands and their tests.
import { readFileSync } from "node:fs";
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");
/** The fictional couple's wedding: what `pnpm start` publishes and what the tests read. */
export const EXAMPLE_CONTENT_FILE = path.join(REPO_ROOT, "scripts/seed/content/boda.example.yaml");
/** The fictional guest list `pnpm start` invites. */
export const EXAMPLE_GUEST_LIST = path.join(REPO_ROOT, "scripts/seed/content/invitados.example.csv");
/** The switches the BFF reads in emulator mode and `pnpm seed config` edits (Remote Config has no emulator). */
export const REMOTE_CONFIG_TEMPLATE = path.join(REPO_ROOT, "remoteconfig.template.json");

export type EmulatorService = "auth" | "firestore" | "database";

/** The fixed emulator addresses of firebase.json (used by `pnpm start`; tests take free ports instead). */
export function configuredEmulators(): Record<EmulatorService, { host: string; port: number }> {
  const config = JSON.parse(readFileSync(path.join(REPO_ROOT, "firebase.json"), "utf8")) as {
    emulators: Record<EmulatorService, { host: string; port: number }>;
  };
  const { auth, firestore, database } = config.emulators;
  return { auth, firestore, database };
}
