// Builds the BFF's real services over a test Firestore and the Auth emulator, callers that act as a given viewer,
// and the households and ID tokens the tests sign in with.
import { fileURLToPath } from "node:url";
import { getAuth } from "firebase-admin/auth";
import { getDatabase } from "firebase-admin/database";
import type { Firestore } from "firebase-admin/firestore";
import { getRemoteConfig } from "firebase-admin/remote-config";
import type { RedeemLimits } from "../auth/invite-redeemer";
import type { LostInvitationClock, LostInvitationLimits } from "../auth/lost-invitation";
import type { Viewer } from "../auth/viewer";
import { templateFileSwitches } from "../config/switches-source";
import type { Services } from "../context";
import { HOUSEHOLDS_COLLECTION } from "../contract/firestore-paths";
import { type Household, INVITE_CODES_COLLECTION } from "../contract/household";
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from "../contract/invite-code";
import type { GuestbookLimits } from "../guestbook/guestbook-writer";
import type { LimitStore } from "../limits/shared-limits";
import { appRouter } from "../routers/_app";
import { createServices } from "../services";
import { createCallerFactory } from "../trpc";
import type { TestFirestore } from "./emulators";

export const quietLog = { error: () => {} };

const TEMPLATE_FILE = fileURLToPath(new URL("../../../remoteconfig.template.json", import.meta.url));

export interface TestServiceOptions {
  templateFile?: string;
  now?: () => Date;
  redeemLimits?: RedeemLimits;
  guestbookLimits?: GuestbookLimits;
  limitStore?: LimitStore;
  lostInvitationLimits?: LostInvitationLimits;
  lostInvitationClock?: LostInvitationClock;
}

/** The real services over a test Firestore; switches come from the repository's template file (or a copy). */
export function testBff(db: TestFirestore, options: TestServiceOptions = {}) {
  return createServices({
    firebase: { firestore: db.firestore, auth: getAuth(db.app), database: getDatabase(db.app) },
    switches: templateFileSwitches(getRemoteConfig(db.app), options.templateFile ?? TEMPLATE_FILE),
    firebaseWebConfig: { projectId: "demo-boda", apiKey: "demo-api-key", authEmulatorUrl: "http://127.0.0.1:9099" },
    log: quietLog,
    now: options.now,
    redeemLimits: options.redeemLimits,
    guestbookLimits: options.guestbookLimits,
    limitStore: options.limitStore,
    lostInvitationLimits: options.lostInvitationLimits,
    lostInvitationClock: options.lostInvitationClock,
  });
}

const createCaller = createCallerFactory(appRouter);

export const STRANGER: Viewer = { kind: "stranger" };

/** Calls procedures as `viewer`, skipping token verification (the HTTP tests cover that path). */
export function callerFor(services: Services, viewer: Viewer = STRANGER, clientAddress = "127.0.0.1") {
  return createCaller({ services, viewer: async () => viewer, clientAddress });
}

/** A fresh, valid invite code (tests need codes the seed command would accept). */
export function randomInviteCode(): string {
  return Array.from(
    { length: INVITE_CODE_LENGTH },
    () => INVITE_CODE_ALPHABET[Math.floor(Math.random() * INVITE_CODE_ALPHABET.length)],
  ).join("");
}

export function testHousehold(key: string, overrides: Partial<Household> = {}): Household {
  return {
    key,
    displayName: `Familia ${key}`,
    seats: 4,
    members: [
      { id: "carmen", name: "Carmen García", child: false },
      { id: "antonio", name: "Antonio Fernández", child: false },
      { id: "pablo", name: "Pablo", child: true },
    ],
    plusOnes: 1,
    tags: ["familia"],
    language: "es",
    code: randomInviteCode(),
    codeIssuedAt: "2026-10-01T10:00:00.000Z",
    ...overrides,
  };
}

/** Stores a household and its code the way `pnpm seed invites` does. */
export async function storeHousehold(firestore: Firestore, household: Household): Promise<Household> {
  const batch = firestore.batch();
  batch.set(firestore.collection(HOUSEHOLDS_COLLECTION).doc(household.key), household);
  batch.set(firestore.collection(INVITE_CODES_COLLECTION).doc(household.code), { householdKey: household.key });
  await batch.commit();
  return household;
}

/** Signs in at the Auth emulator with a custom token, as the browser SDK does, and returns the ID token. */
export async function idTokenFor(customToken: string): Promise<string> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: unknown };
  if (!body.idToken) throw new Error(`The Auth emulator refused the custom token: ${JSON.stringify(body.error)}`);
  return body.idToken;
}
