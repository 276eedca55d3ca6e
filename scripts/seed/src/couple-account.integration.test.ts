// "Let no one in": the couple's account and the sessions the couple can end, against the Auth emulator and through
// real HTTP to the BFF built as main.ts builds it (createServices + buildServer). A stranger who signs up first with
// the couple's address never reaches the couple's view; `couple remove`, a revocation and `invites --rotate` end
// open sessions on their very next call.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Io } from "@boda/kit/io";
import { EXAMPLE_CONTENT_FILE, REPO_ROOT } from "@boda/kit/repo";
import { buildServer } from "@boda/server/build-server";
import { call } from "@boda/server/client/trpc-over-http";
import type { FirebaseHandles } from "@boda/server/firebase/admin";
import { createServices } from "@boda/server/services";
import { templateFileSwitches } from "@boda/server/switches/switches-source";
import { checkRefusal } from "@boda/server/test/hardening-ledger";
import type { FastifyInstance } from "fastify";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getDatabase } from "firebase-admin/database";
import { getFirestore } from "firebase-admin/firestore";
import { getRemoteConfig } from "firebase-admin/remote-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli";
import { applyContent } from "./commands/content";
import { endSessions } from "./commands/couple";
import { applyInvites } from "./commands/invites";

const REQUIRED = ["FIRESTORE_EMULATOR_HOST", "FIREBASE_AUTH_EMULATOR_HOST", "FIREBASE_DATABASE_EMULATOR_HOST"];
if (
  REQUIRED.some((name) => !process.env[name]) ||
  !(process.env.FIREBASE_PROJECT_ID ?? "demo-boda").startsWith("demo-")
) {
  throw new Error(
    "These tests need the emulators: pnpm emulators exec -- pnpm --filter @boda/seed exec vitest run src/couple-account.integration.test.ts",
  );
}

const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? "demo-boda";
const AUTH = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;
const EXAMPLE_CSV = path.join(REPO_ROOT, "scripts/seed/content/invitados.example.csv");
const work = mkdtempSync(path.join(os.tmpdir(), "couple-account-"));
const run = `${process.pid}-${Date.now().toString(36)}`;

/** The Auth emulator's REST API, as a browser's Firebase SDK calls it (a stranger needs nothing more). */
async function identityToolkit(
  method: string,
  body: object,
): Promise<{ status: number; body: Session & Record<string, unknown> }> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  return { status: response.status, body: (await response.json()) as Session & Record<string, unknown> };
}

interface Session {
  idToken: string;
  refreshToken: string;
}

async function signUp(email: string, password: string): Promise<Session> {
  const answer = await identityToolkit("signUp", { email, password });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function signIn(email: string, password: string): Promise<Session | undefined> {
  const answer = await identityToolkit("signInWithPassword", { email, password });
  return answer.status === 200 ? answer.body : undefined;
}

/**
 * What a browser does every hour: trade its refresh token for a fresh ID token, then call the BFF with it. A real
 * project refuses a revoked refresh token outright; the Auth emulator still hands out a token (with the original
 * sign-in time), which the BFF's `checkRevoked` must then refuse. Either way the session must not come back.
 */
async function refreshAndCall(session: Session, procedure: string): Promise<string> {
  const response = await fetch(`${AUTH}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: session.refreshToken }).toString(),
  });
  const body = (await response.json()) as { id_token?: string };
  if (!body.id_token) return "refresh refused";
  const answer = await call(base, procedure, { token: body.id_token });
  return answer.status === 200 ? "allowed" : "refused by the BFF";
}

const refusedEitherWay = (answer: string) => (answer === "allowed" ? "allowed" : "refused");

/** Follows the password link `couple add` printed, as the couple would, choosing `password`. */
async function choosePassword(printed: string, password: string): Promise<void> {
  const link = /Choose a password here: (\S+)/.exec(printed)?.[1];
  if (!link) throw new Error(`no password link in: ${printed}`);
  const oobCode = new URL(link).searchParams.get("oobCode");
  const answer = await identityToolkit("resetPassword", { oobCode, newPassword: password });
  expect(answer.status).toBe(200);
}

let firebase: FirebaseHandles;
let bff: ReturnType<typeof createServices>;
let app: FastifyInstance;
let base = "";

async function seed(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    cwd: work,
    env: process.env,
    now: () => new Date(),
  };
  const code = await runCli(args, io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const overview = async (token: string) => {
  const answer = await call(base, "rsvp.overview", { token });
  return `${answer.status}${answer.body.error ? ` ${answer.body.error.data.reason ?? answer.body.error.message}` : ""}`;
};

beforeAll(async () => {
  // Its own Firestore database and Realtime Database namespace on the shared emulators; Auth is shared, so every
  // address is unique to this run.
  const id = `couple-account-${run}`;
  const adminApp = initializeApp(
    { projectId: PROJECT_ID, databaseURL: `http://${process.env.FIREBASE_DATABASE_EMULATOR_HOST}?ns=${id}` },
    id,
  );
  firebase = {
    target: { projectId: PROJECT_ID, databaseUrl: "", emulated: true },
    app: adminApp,
    auth: getAuth(adminApp),
    firestore: getFirestore(adminApp, id),
    database: getDatabase(adminApp),
    remoteConfig: getRemoteConfig(adminApp),
    close: () => deleteApp(adminApp),
  };
  await applyContent({ firebase, file: EXAMPLE_CONTENT_FILE, now: new Date() });
  bff = createServices({
    firebase,
    switches: templateFileSwitches(firebase.remoteConfig, path.join(REPO_ROOT, "remoteconfig.template.json")),
    firebaseWebConfig: { projectId: PROJECT_ID, apiKey: "demo-api-key", authEmulatorUrl: AUTH },
    log: { error: () => {} },
  });
  app = await buildServer({
    ...bff,
    // Closed by `app.close()`, the Firebase app last.
    resources: [{ name: "the Firebase app", close: firebase.close }, ...bff.resources],
    checkFirestore: async () => {},
  });
  base = await app.listen({ host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  await app?.close();
});

describe("a stranger who signs up first with the couple's address", () => {
  it("is refused by `couple add`, which grants nothing, and never reaches the couple's view", async () => {
    const email = `lucia-${run}-a@example.com`;
    const stranger = await signUp(email, "la-clave-del-extrano");
    const add = await seed("couple", "add", email);
    expect(add.code).toBe(1);
    expect(add.err).toContain(`Refused: an account for ${email} already exists`);
    expect(add.err).toContain("--adopt-existing");
    const user = await firebase.auth.getUserByEmail(email);
    expect(user.customClaims ?? {}).toEqual({});
    // The stranger signs in again with their own password, as they would once they guessed the couple ran `add`.
    const again = await signIn(email, "la-clave-del-extrano");
    checkRefusal({
      who: "a stranger who signed up first with the couple's address (couple add refused)",
      what: "rsvp.overview with a fresh sign-in",
      expected: "401 Only the couple can see this.",
      answer: await overview(again?.idToken ?? stranger.idToken),
    });
  });

  it("is refused by `couple add --adopt-existing` while the address is unverified", async () => {
    const email = `lucia-${run}-b@example.com`;
    await signUp(email, "la-clave-del-extrano");
    const add = await seed("couple", "add", email, "--adopt-existing");
    expect(add.code).toBe(1);
    expect(add.err).toContain("its email is not verified");
    expect((await firebase.auth.getUserByEmail(email)).customClaims ?? {}).toEqual({});
    const again = await signIn(email, "la-clave-del-extrano");
    checkRefusal({
      who: "a stranger whose unverified account the couple tried to adopt",
      what: "rsvp.overview",
      expected: "401 Only the couple can see this.",
      answer: await overview(again?.idToken ?? ""),
    });
  });

  it("loses the account once a verified one is adopted: earlier session refused, password and refresh dead", async () => {
    const email = `lucia-${run}-c@example.com`;
    const stranger = await signUp(email, "la-clave-del-extrano");
    // The couple verified the address (they read that mailbox); the stranger still holds a session and the password.
    const user = await firebase.auth.getUserByEmail(email);
    await firebase.auth.updateUser(user.uid, { emailVerified: true });
    const add = await seed("couple", "add", email, "--adopt-existing");
    expect(add.code).toBe(0);
    expect(add.out).toContain("Took over the existing account as the couple's");
    expect((await firebase.auth.getUser(user.uid)).customClaims).toEqual({ couple: true, coupleAccount: "adopted" });
    checkRefusal({
      who: "a stranger's session opened before the couple adopted the account",
      what: "rsvp.overview",
      expected: "401 session-revoked",
      answer: await overview(stranger.idToken),
    });
    checkRefusal({
      who: "a stranger's refresh token from before the adoption",
      what: "refresh, then rsvp.overview with the new ID token (which would carry the couple claim)",
      expected: "refused",
      answer: refusedEitherWay(await refreshAndCall(stranger, "rsvp.overview")),
    });
    checkRefusal({
      who: "a stranger with the password they signed up with",
      what: "signInWithPassword on the adopted account",
      expected: "refused",
      answer: (await signIn(email, "la-clave-del-extrano")) ? "allowed" : "refused",
    });
    await choosePassword(add.out, "la-clave-de-lucia");
    const couple = await signIn(email, "la-clave-de-lucia");
    expect(await overview(couple?.idToken ?? "")).toBe("200");
    // Running `add` again on the adopted account changes nothing (and ends no session).
    const rerun = await seed("couple", "add", email);
    expect(rerun.code).toBe(0);
    expect(rerun.out).toContain("Already a couple account (nothing changed)");
    expect(await overview(couple?.idToken ?? "")).toBe("200");
  });
});

describe("the couple's own account and its sessions", () => {
  const email = `pareja-${run}@example.com`;
  let couple: Session | undefined;

  it("`couple add` creates the account (password link works), and running it again changes nothing", async () => {
    const add = await seed("couple", "add", email);
    expect(add.code).toBe(0);
    expect(add.out).toContain(`Created the couple account: ${email}`);
    await choosePassword(add.out, "la-clave-de-la-pareja");
    couple = await signIn(email, "la-clave-de-la-pareja");
    expect(await overview(couple?.idToken ?? "")).toBe("200");
    const rerun = await seed("couple", "add", email);
    expect(rerun.code).toBe(0);
    expect(rerun.out).toContain("Already a couple account (nothing changed)");
    expect(await overview(couple?.idToken ?? "")).toBe("200");
    // Nobody can sign up with the address now that the account exists.
    expect((await identityToolkit("signUp", { email, password: "otra-clave-larga" })).status).toBe(400);
  });

  it("refuses a revoked couple session on its next call", async () => {
    const session = await signIn(email, "la-clave-de-la-pareja");
    expect(await overview(session?.idToken ?? "")).toBe("200");
    await endSessions(firebase, (await firebase.auth.getUserByEmail(email)).uid);
    checkRefusal({
      who: "the couple's session after its refresh tokens were revoked",
      what: "rsvp.overview",
      expected: "401 session-revoked",
      answer: await overview(session?.idToken ?? ""),
    });
  });

  it("`couple remove` takes the claim away and ends the open session at once", async () => {
    const session = await signIn(email, "la-clave-de-la-pareja");
    expect(await overview(session?.idToken ?? "")).toBe("200");
    const remove = await seed("couple", "remove", email);
    expect(remove.code).toBe(0);
    expect(remove.out).toContain(`Removed the couple's access from ${email}`);
    checkRefusal({
      who: "the couple's session open when `couple remove` ran",
      what: "rsvp.overview",
      expected: "401 session-revoked",
      answer: await overview(session?.idToken ?? ""),
    });
    checkRefusal({
      who: "the removed account's refresh token",
      what: "refresh, then rsvp.overview with the new ID token",
      expected: "refused",
      answer: session ? refusedEitherWay(await refreshAndCall(session, "rsvp.overview")) : "no session",
    });
    const later = await signIn(email, "la-clave-de-la-pareja");
    checkRefusal({
      who: "the removed account, signing in again",
      what: "rsvp.overview",
      expected: "401 Only the couple can see this.",
      answer: await overview(later?.idToken ?? ""),
    });
  });
});

describe("rotating a household's code", () => {
  it("ends the household's open sessions on their very next call, and their refresh tokens", async () => {
    const first = await applyInvites({ firebase, file: EXAMPLE_CSV, baseUrl: "http://127.0.0.1", outDir: work });
    const household = first.households.find((each) => each.key === "fernandez-garcia");
    if (!household) throw new Error("the example guest list has no fernandez-garcia");
    await expect.poll(() => bff.services.households.byCode(household.code)).toBeDefined();
    const redeemed = await call(base, "invitations.redeem", { mutation: true, input: { code: household.code } });
    const customToken = (redeemed.body.result?.data as { token?: string } | undefined)?.token ?? "";
    const signedInAt = Date.now();
    const session = (await identityToolkit("signInWithCustomToken", { token: customToken })).body;
    expect((await call(base, "invitations.mine", { token: session.idToken })).status).toBe(200);

    await applyInvites({
      firebase,
      file: EXAMPLE_CSV,
      baseUrl: "http://127.0.0.1",
      outDir: work,
      rotate: ["fernandez-garcia"],
    });
    // No polling: the very next call, whether or not the BFF's guest-list listener has seen the new code.
    const next = await call(base, "invitations.mine", { token: session.idToken });
    checkRefusal({
      who: "a session opened with a code that `seed invites --rotate` just replaced",
      what: "invitations.mine (the very next call)",
      expected: "401 invitation-replaced",
      answer: `${next.status} ${next.body.error?.data.reason}`,
    });
    checkRefusal({
      who: "the rotated household's refresh token",
      what: "refresh, then invitations.mine with the new ID token",
      expected: "refused",
      answer: refusedEitherWay(await refreshAndCall(session, "invitations.mine")),
    });
    // The rotation revoked the household's Auth user itself: a real project refuses its refresh tokens from now on.
    const user = await firebase.auth.getUser("household:fernandez-garcia");
    expect(new Date(user.tokensValidAfterTime ?? 0).getTime()).toBeGreaterThan(signedInAt);
  });
});
