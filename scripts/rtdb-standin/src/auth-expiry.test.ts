// Stand-in specific: expired ID tokens are refused and a connection is signed out when its token expires, as in
// production. The official emulator accepts expired tokens (the SDK's own mockUserToken expires in 1970).
// The stand-in runs on a clock the test moves, so expiry never races a busy machine's wall clock.
import { createClock } from "@sinonjs/fake-timers";
import { onValue, ref } from "firebase/database";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startRtdbStandin } from "./server";
import { Clients, freshNamespace, loadRules, PROJECT_ID, rest, type Target } from "./testkit";

// This suite tests the stand-in itself, on servers it starts; the SDKs would otherwise send every connection to
// the shared emulator that FIREBASE_DATABASE_EMULATOR_HOST names (it overrides the databaseURL's host).
delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;

const clock = createClock(Date.UTC(2027, 3, 24, 15, 0, 0));
const nowSeconds = () => Math.floor(clock.now / 1000);
let target: Target;
let clients: Clients;
const logLines: string[] = [];
let onLogLine: (line: string) => void = () => {};

beforeAll(async () => {
  target = await startRtdbStandin({
    host: "127.0.0.1",
    port: 0,
    projectId: PROJECT_ID,
    clock: { now: () => clock.now, setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout },
    log: (line) => {
      logLines.push(line);
      onLogLine(line);
    },
  });
  clients = new Clients(target, freshNamespace());
  await loadRules(target, clients.namespace, { rules: { board: { ".read": "auth != null" } } });
  await clients.admin().ref("board").set({ note: "signed-in guests only" });
});

afterAll(async () => {
  await clients?.closeAll();
  await target?.stop();
});

function idToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const issued = { iss: `https://securetoken.google.com/${PROJECT_ID}`, aud: PROJECT_ID, sub: "guest-1" };
  return `${encode({ alg: "none", typ: "JWT" })}.${encode({ ...issued, ...claims })}.`;
}

function logged(pattern: RegExp): Promise<string> {
  const seen = logLines.find((line) => pattern.test(line));
  if (seen) return Promise.resolve(seen);
  return new Promise((resolve) => {
    onLogLine = (line) => {
      if (pattern.test(line)) resolve(line);
    };
  });
}

it("refuses an expired ID token over the wire protocol and REST, and logs how to get a fresh one", async () => {
  const expired = idToken({ exp: nowSeconds() - 60 });
  const raw = await clients.raw();
  const reply = await raw.request("auth", { cred: expired });
  expect(reply.s).toBe("expired_token");
  const denied = await rest(target, clients.namespace, "/board.json", { token: expired });
  expect(denied.status).toBe(401);
  expect(denied.body).toEqual({ error: expect.stringMatching(/^Auth token is expired/) });
  // What a browser test gets with the SDK's default mockUserToken (iat 0): the log says what to change.
  // The SDK connects when it is first used.
  onValue(ref(clients.browser({ uid: "from-1970", claims: { iat: 0 } }), "board"), () => {});
  expect(await logged(/from-1970.*expired 1970.*mockUserToken needs iat/)).toBeTruthy();
});

it("revokes a listener that needs auth when its token expires, then tells the client its token expired", async () => {
  const expiresInAMinute = nowSeconds() + 60;
  const db = clients.browser({ uid: "guest-2", claims: { iat: nowSeconds(), exp: expiresInAMinute } });
  const values: unknown[] = [];
  const denied = new Promise<Error>((resolve) =>
    onValue(
      ref(db, "board"),
      (snapshot) => values.push(snapshot.val()),
      (error) => resolve(error),
    ),
  );
  await expect.poll(() => values).toEqual([{ note: "signed-in guests only" }]);

  const raw = await clients.raw();
  expect((await raw.request("auth", { cred: idToken({ exp: expiresInAMinute }) })).s).toBe("ok");
  expect((await raw.request("q", { p: "/board", h: "" })).s).toBe("ok");

  // A second before expiry the token still reads; the reply comes after any revocation sent before it.
  clock.tick(59_000);
  expect(await raw.request("g", { p: "/board", q: {} })).toEqual({ s: "ok", d: { note: "signed-in guests only" } });
  expect(raw.seen((frame) => (frame.d as { a?: string }).a === "c")).toBe(false);
  clock.tick(1_000);

  expect((await denied).message).toMatch(/permission_denied/i);
  const revoked = await raw.next((frame) => (frame.d as { a?: string }).a === "c");
  expect((revoked.d as { b: { p: string } }).b.p).toMatch(/^\/?board$/);
  const authRevoked = await raw.next((frame) => (frame.d as { a?: string }).a === "ac");
  expect((authRevoked.d as { b: unknown }).b).toEqual({ s: "expired_token", d: "Auth token is expired." });
});
