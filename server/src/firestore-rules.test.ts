// firestore.rules: browsers are denied every direct read and write; the BFF (firebase-admin) is the only door.
import { readFileSync } from "node:fs";
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from "@firebase/rules-unit-testing";
import { deleteDoc, doc, getDoc, setDoc, setLogLevel } from "firebase/firestore";
import { afterAll, beforeAll, describe, it } from "vitest";
import { CONTENT_DOC, HOUSEHOLDS_COLLECTION } from "./contract/firestore-paths";
import { requireEmulators } from "./test/emulators";

let env: RulesTestEnvironment;
const suffix = Math.random().toString(36).slice(2, 8);
const householdPath = `${HOUSEHOLDS_COLLECTION}/rules-test-${suffix}`;

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
    await setDoc(doc(context.firestore(), householdPath), { displayName: "Familia Prueba" });
  });
});

afterAll(async () => {
  await env.withSecurityRulesDisabled(async (context) => {
    await deleteDoc(doc(context.firestore(), householdPath));
  });
  await env.cleanup();
});

const browsers = {
  "a signed-out visitor": () => env.unauthenticatedContext().firestore(),
  "a guest with an invitation": () => env.authenticatedContext("guest-1", { invitationId: "fam-prueba" }).firestore(),
  "the couple": () => env.authenticatedContext("couple-1", { couple: true }).firestore(),
};

describe("site content", () => {
  for (const [who, firestore] of Object.entries(browsers)) {
    it(`should deny ${who} reading or writing the content directly`, async () => {
      await assertFails(getDoc(doc(firestore(), CONTENT_DOC)));
      await assertFails(setDoc(doc(firestore(), CONTENT_DOC), { content: {} }));
    });
  }
});

describe("households", () => {
  for (const [who, firestore] of Object.entries(browsers)) {
    it(`should deny ${who} reading or changing a household directly`, async () => {
      await assertFails(getDoc(doc(firestore(), householdPath)));
      await assertFails(setDoc(doc(firestore(), householdPath), { seats: 99 }));
    });
  }

  it("should still let the server (rules bypassed) read what the browsers cannot", async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await assertSucceeds(getDoc(doc(context.firestore(), householdPath)));
    });
  });
});

describe("any other path", () => {
  it("should deny a signed-in guest writing anywhere", async () => {
    await assertFails(setDoc(doc(browsers["a guest with an invitation"](), `anything/${suffix}`), { x: 1 }));
  });
});
