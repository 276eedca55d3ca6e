// firestore.rules: browsers are denied every direct read and write on every collection, whoever is signed in;
// the BFF (firebase-admin) is the only door.
import { readFileSync } from "node:fs";
import { assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { deleteDoc, doc, getDoc, setDoc, setLogLevel } from "firebase/firestore";
import { afterAll, beforeAll, describe, it } from "vitest";
import { CONTENT_CHANGES_COLLECTION, CONTENT_DOC, HOUSEHOLDS_COLLECTION } from "./contract/firestore-paths";
import { INVITE_CODES_COLLECTION } from "./contract/household";
import { RSVP_HISTORY_SUBCOLLECTION, RSVPS_COLLECTION } from "./contract/rsvp";
import { requireEmulators } from "./test/emulators";
import { checkDenied } from "./test/hardening-ledger";

let env: RulesTestEnvironment;
const suffix = Math.random().toString(36).slice(2, 8);
const householdKey = `rules-test-${suffix}`;

/** Every collection the BFF keeps, with one real-looking document each; browsers may touch none of them. */
const DOCUMENTS: Record<string, { path: string; data: Record<string, unknown> }> = {
  "site content": { path: CONTENT_DOC, data: { content: {}, version: 1 } },
  "change notices": { path: `${CONTENT_CHANGES_COLLECTION}/${suffix}`, data: { eventId: "ceremonia" } },
  households: { path: `${HOUSEHOLDS_COLLECTION}/${householdKey}`, data: { displayName: "Familia Prueba" } },
  "invite codes": {
    path: `${INVITE_CODES_COLLECTION}/ABCDEFGHJKMNPQ${suffix.slice(0, 2).toUpperCase()}`,
    data: { householdKey },
  },
  "RSVP answers": { path: `${RSVPS_COLLECTION}/${householdKey}`, data: { householdKey, revision: 1 } },
  "RSVP history": {
    path: `${RSVPS_COLLECTION}/${householdKey}/${RSVP_HISTORY_SUBCOLLECTION}/000001`,
    data: { revision: 1 },
  },
};

beforeAll(async () => {
  requireEmulators();
  // Denials are the expected outcome here; the SDK would log each one as an error.
  setLogLevel("silent");
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? "").split(":");
  env = await initializeTestEnvironment({
    projectId: process.env.FIREBASE_PROJECT_ID ?? "demo-boda",
    firestore: {
      host,
      port: Number(port),
      rules: readFileSync(new URL("../../firestore.rules", import.meta.url), "utf8"),
    },
  });
  // Seeded with rules off, so "denied" below means the rules denied it, not that the document is missing.
  await env.withSecurityRulesDisabled(async (context) => {
    for (const { path, data } of Object.values(DOCUMENTS)) await setDoc(doc(context.firestore(), path), data);
  });
});

afterAll(async () => {
  await env.withSecurityRulesDisabled(async (context) => {
    for (const { path } of Object.values(DOCUMENTS)) await deleteDoc(doc(context.firestore(), path));
  });
  await env.cleanup();
});

/** The browsers that could try to go around the BFF, each with the claims its sign-in would carry. */
const browsers = {
  "a signed-out visitor": () => env.unauthenticatedContext().firestore(),
  "the household itself": () =>
    env.authenticatedContext(`household:${householdKey}`, { householdKey, tags: ["familia"] }).firestore(),
  "another household": () =>
    env.authenticatedContext("household:otra", { householdKey: "otra", tags: ["amigos"] }).firestore(),
  "the couple": () => env.authenticatedContext("couple-1", { couple: true }).firestore(),
};

for (const [collection, { path }] of Object.entries(DOCUMENTS)) {
  describe(collection, () => {
    for (const [who, firestore] of Object.entries(browsers)) {
      it(`should deny ${who} reading, writing or deleting it directly`, async () => {
        await checkDenied(who, `read ${collection} (${path})`, getDoc(doc(firestore(), path)));
        await checkDenied(who, `write ${collection} (${path})`, setDoc(doc(firestore(), path), { hacked: true }));
        await checkDenied(who, `delete ${collection} (${path})`, deleteDoc(doc(firestore(), path)));
      });
    }
  });
}

describe("the server", () => {
  it("should still read what the browsers cannot (firebase-admin bypasses the rules)", async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await assertSucceeds(getDoc(doc(context.firestore(), DOCUMENTS["RSVP answers"]?.path ?? "")));
    });
  });
});

describe("any other path", () => {
  it("should deny a signed-in household writing anywhere", async () => {
    await checkDenied(
      "the household itself",
      "write a new collection (anything/…)",
      setDoc(doc(browsers["the household itself"](), `anything/${suffix}`), { x: 1 }),
    );
  });
});
