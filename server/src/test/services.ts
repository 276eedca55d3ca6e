// Builds the BFF's real services over a test Firestore and the Auth emulator, callers that act as a given viewer,
// and the households and ID tokens the tests sign in with.
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { getAuth } from "firebase-admin/auth";
import { getDatabase } from "firebase-admin/database";
import type { Firestore } from "firebase-admin/firestore";
import { getRemoteConfig } from "firebase-admin/remote-config";
import type { RedeemLimits } from "../auth/invite-redeemer";
import type { LostInvitationClock, LostInvitationLimits } from "../auth/lost-invitation";
import type { Viewer } from "../auth/viewer";
import type { Services } from "../context";
import { HOUSEHOLDS_COLLECTION } from "../contract/firestore-paths";
import { type Household, INVITE_CODES_COLLECTION } from "../contract/household";
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from "../contract/invite-code";
import type { GuestbookLimits } from "../guestbook/guestbook-writer";
import type { LimitStore } from "../limits/shared-limits";
import type { Resource } from "../plugins/resource";
import { appRouter } from "../routers/_app";
import { createServices } from "../services";
import { templateFileSwitches } from "../switches/switches-source";
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
  /** Where the services' own errors go (listeners, limits); dropped unless a test reads them. */
  log?: Pick<FastifyBaseLogger, "error">;
  lostInvitationLimits?: LostInvitationLimits;
  lostInvitationClock?: LostInvitationClock;
}

/** The real services over a test Firestore; switches come from the repository's template file (or a copy). */
export function testBff(db: TestFirestore, options: TestServiceOptions = {}) {
  return createServices({
    firebase: { firestore: db.firestore, auth: getAuth(db.app), database: getDatabase(db.app) },
    switches: templateFileSwitches(getRemoteConfig(db.app), options.templateFile ?? TEMPLATE_FILE),
    firebaseWebConfig: { projectId: "demo-boda", apiKey: "demo-api-key", authEmulatorUrl: "http://127.0.0.1:9099" },
    log: options.log ?? quietLog,
    now: options.now,
    redeemLimits: options.redeemLimits,
    guestbookLimits: options.guestbookLimits,
    limitStore: options.limitStore,
    lostInvitationLimits: options.lostInvitationLimits,
    lostInvitationClock: options.lostInvitationClock,
  });
}

/**
 * Releases what the services hold open, last first, as `app.close()` does for a server: for tests that call
 * procedures without one (a test with a server passes the resources to it and only closes the server).
 */
export async function releaseResources(bff: { resources: readonly Resource[] }): Promise<void> {
  for (const resource of bff.resources.toReversed()) await resource.close();
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
