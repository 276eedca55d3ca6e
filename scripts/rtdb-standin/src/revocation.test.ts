// Stand-in specific: listeners, plain and query, are cancelled in the SDK when new rules take read access away.
import { limitToFirst, orderByKey, query, ref } from "firebase/database";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startRtdbStandin } from "./server";
import { Clients, freshNamespace, listenError, loadRules, PROJECT_ID, type Target, valueWhere } from "./testkit";

// This suite tests the stand-in itself, on servers it starts; the SDKs would otherwise send every connection to
// the shared emulator that FIREBASE_DATABASE_EMULATOR_HOST names (it overrides the databaseURL's host).
delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;

let target: Target;
let clients: Clients;

beforeAll(async () => {
  target = await startRtdbStandin({ host: "127.0.0.1", port: 0, projectId: PROJECT_ID });
  clients = new Clients(target, freshNamespace());
});

afterAll(async () => {
  await clients?.closeAll();
  await target?.stop();
});

it("cancels plain and query listeners when rules stop allowing the read", async () => {
  await loadRules(target, clients.namespace, { rules: { board: { ".read": "auth != null" } } });
  await clients.admin().ref("board").set({ a: 1, b: 2 });
  const db = clients.browser({ uid: "guest-1" });
  const firstOnly = query(ref(db, "board"), orderByKey(), limitToFirst(1));
  await valueWhere(firstOnly, (value) => value !== null);
  await valueWhere(ref(db, "board/b"), (value) => value === 2);
  const queryCancelled = listenError(firstOnly);
  const plainCancelled = listenError(ref(db, "board/b"));
  await loadRules(target, clients.namespace, { rules: { board: { ".read": false } } });
  expect((await queryCancelled).message).toMatch(/permission_denied/i);
  expect((await plainCancelled).message).toMatch(/permission_denied/i);
});
