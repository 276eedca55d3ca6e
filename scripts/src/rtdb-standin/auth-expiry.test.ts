// Stand-in specific: expired ID tokens are refused and a connection is signed out when its token expires, as in
// production. The official emulator accepts expired tokens (the SDK's own mockUserToken expires in 1970).
import { onValue, ref } from "firebase/database";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startRtdbStandin } from "./server";
import { Clients, freshNamespace, listenError, loadRules, PROJECT_ID, rest, type Target } from "./testkit";

// This suite tests the stand-in itself, on servers it starts; the SDKs would otherwise send every connection to
// the shared emulator that FIREBASE_DATABASE_EMULATOR_HOST names (it overrides the databaseURL's host).
delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;

let target: Target;
let clients: Clients;
const logLines: string[] = [];
let onLogLine: (line: string) => void = () => {};

beforeAll(async () => {
  target = await startRtdbStandin({
    host: "127.0.0.1",
    port: 0,
    projectId: PROJECT_ID,
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
  const expired = idToken({ exp: Math.floor(Date.now() / 1000) - 60 });
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
  const expiresSoon = Math.floor(Date.now() / 1000) + 1;
  const db = clients.browser({ uid: "guest-2", claims: { exp: expiresSoon } });
  expect((await listenError(ref(db, "board"))).message).toMatch(/permission_denied/i);

  const raw = await clients.raw();
  expect((await raw.request("auth", { cred: idToken({ exp: Math.floor(Date.now() / 1000) + 1 }) })).s).toBe("ok");
  expect((await raw.request("q", { p: "/board", h: "" })).s).toBe("ok");
  const revoked = await raw.next((frame) => (frame.d as { a?: string }).a === "c");
  expect((revoked.d as { b: { p: string } }).b.p).toMatch(/^\/?board$/);
  const authRevoked = await raw.next((frame) => (frame.d as { a?: string }).a === "ac");
  expect((authRevoked.d as { b: unknown }).b).toEqual({ s: "expired_token", d: "Auth token is expired." });
});
