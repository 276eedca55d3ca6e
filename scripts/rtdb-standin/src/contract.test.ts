// Contract suite for the Realtime Database emulator: runs unchanged against the official emulator (set
// FIREBASE_DATABASE_EMULATOR_HOST) or against a stand-in this file starts, through the real SDKs.
import { isDeepStrictEqual } from "node:util";
import { onLog } from "firebase/app";
import {
  child,
  endAt,
  endBefore,
  equalTo,
  get,
  goOffline,
  increment,
  limitToFirst,
  limitToLast,
  onChildAdded,
  onChildChanged,
  onChildMoved,
  onChildRemoved,
  onDisconnect,
  onValue,
  orderByChild,
  orderByKey,
  orderByValue,
  push,
  query,
  ref,
  remove,
  runTransaction,
  serverTimestamp,
  set,
  startAfter,
  startAt,
  update,
} from "firebase/database";
import type { Database as AdminDatabase } from "firebase-admin/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Clients, freshNamespace, listenError, loadRules, rest, startTarget, type Target, valueWhere } from "./testkit";

const RULES = {
  rules: {
    open: {
      ".read": true,
      ".write": true,
      $test: { ".indexOn": [".value", "score"], people: { ".indexOn": ["age", "city"] } },
    },
    indexed: { ".read": true, ".write": true, ".indexOn": "score" },
    users: { $uid: { ".read": "auth != null && auth.uid == $uid", ".write": "auth != null && auth.uid == $uid" } },
    staff: { ".read": 'auth != null && auth.token.role == "staff"' },
    gated: { $item: { ".write": "root.child('gate').val() == true" } },
    once: { $item: { ".write": true, ".validate": "!data.exists()" } },
    byProvider: { $provider: { ".read": "auth != null && auth.provider == $provider" } },
  },
};

let target: Target;
let clients: Clients;
let admin: AdminDatabase;

beforeAll(async () => {
  target = await startTarget();
  clients = new Clients(target, freshNamespace());
  await loadRules(target, clients.namespace, RULES);
  admin = clients.admin();
});

afterAll(async () => {
  await clients?.closeAll();
  await target?.stop();
});

/** Every test writes under its own key so tests never see each other's data. */
let counter = 0;
function testPath(): string {
  counter += 1;
  return `open/t${counter}`;
}

describe("connection", () => {
  it("greets with the v5 handshake and answers keep-alives and pings", async () => {
    const raw = await clients.raw();
    const hello = await raw.next((frame) => frame.t === "c");
    const payload = (hello.d as { t: string; d: Record<string, unknown> }).d;
    expect((hello.d as { t: string }).t).toBe("h");
    expect(payload.v).toBe("5");
    expect(typeof payload.ts).toBe("number");
    expect(typeof payload.s).toBe("string");
    raw.sendText("0");
    raw.sendText(JSON.stringify({ t: "c", d: { t: "p", d: {} } }));
    const pong = await raw.next((frame) => frame.t === "c" && (frame.d as { t: string }).t === "o");
    expect(pong).toBeTruthy();
    const stats = await raw.request("s", { c: { "sdk.js.test": 1 } });
    expect(stats.s).toBe("ok");
  });

  it("treats firebase-admin as admin: it reads and writes where rules deny everyone", async () => {
    await admin.ref("private/x").set({ secret: 1 });
    expect((await admin.ref("private/x").get()).val()).toEqual({ secret: 1 });
  });

  it("keeps namespaces apart", async () => {
    const other = new Clients(target, freshNamespace());
    try {
      const otherAdmin = other.admin();
      await admin.ref("open/shared").set("first namespace");
      await otherAdmin.ref("open/shared").set("second namespace");
      expect((await admin.ref("open/shared").get()).val()).toBe("first namespace");
      expect((await otherAdmin.ref("open/shared").get()).val()).toBe("second namespace");
    } finally {
      await other.closeAll();
    }
  });
});

describe("ID-token auth for browser clients", () => {
  it("lets a signed-in user read and write their own node only", async () => {
    const alice = clients.browser({ uid: "alice" });
    await set(ref(alice, "users/alice"), { name: "Alice" });
    expect((await get(ref(alice, "users/alice"))).val()).toEqual({ name: "Alice" });
    await expect(set(ref(alice, "users/bob"), { name: "Mallory" })).rejects.toThrow(/permission_denied/i);
    await expect(get(ref(alice, "users/bob"))).rejects.toThrow(/permission/i);
  });

  it("refuses a set above the level whose .write grants it, and checks an update path by path", async () => {
    const carol = clients.browser({ uid: "carol" });
    await set(ref(carol, "users/carol"), { name: "Carol" });
    // Everyone else's data is written back unchanged: only carol's own child differs, and still it is refused.
    const others = (await admin.ref("users").get()).val() as Record<string, unknown>;
    await expect(set(ref(carol, "users"), { ...others, carol: { name: "Caz" } })).rejects.toThrow(/permission_denied/i);
    await update(ref(carol, "users"), { carol: { name: "Caz" } });
    await expect(update(ref(carol), { "users/carol/name": "C", "users/dave/name": "D" })).rejects.toThrow(
      /permission_denied/i,
    );
    expect((await admin.ref("users/carol").get()).val()).toEqual({ name: "Caz" });
    expect((await admin.ref("users/dave").get()).exists()).toBe(false);
  });

  it("gives rules auth.provider as Firebase documents it: google, password, anonymous, custom", async () => {
    await admin.ref("byProvider").set({ google: 1, "google-com": 2, password: 3, anonymous: 4, custom: 5 });
    const signedIn = (provider: string) =>
      clients.browser({ uid: `via-${provider}`, claims: { firebase: { sign_in_provider: provider, identities: {} } } });
    const google = signedIn("google.com");
    expect((await get(ref(google, "byProvider/google"))).val()).toBe(1);
    await expect(get(ref(google, "byProvider/google-com"))).rejects.toThrow(/permission/i);
    expect((await get(ref(signedIn("password"), "byProvider/password"))).val()).toBe(3);
    expect((await get(ref(signedIn("anonymous"), "byProvider/anonymous"))).val()).toBe(4);
    expect((await get(ref(clients.browser({ uid: "minted" }), "byProvider/custom"))).val()).toBe(5);
  });

  it("denies a signed-out client and exposes custom claims as auth.token", async () => {
    const anonymous = clients.browser();
    await expect(set(ref(anonymous, "users/alice"), 1)).rejects.toThrow(/permission_denied/i);
    await admin.ref("staff").set({ rota: "all day" });
    const staff = clients.browser({ uid: "sam", claims: { role: "staff" } });
    expect((await get(ref(staff, "staff"))).val()).toEqual({ rota: "all day" });
    const guest = clients.browser({ uid: "gus", claims: { role: "guest" } });
    const error = await listenError(ref(guest, "staff"));
    expect(error.message).toMatch(/permission_denied/i);
  });
});

describe("reads and writes", () => {
  it("sets, gets, updates several paths at once, and removes", async () => {
    const path = testPath();
    const db = clients.browser();
    await set(ref(db, path), { a: 1, b: { c: "x" } });
    expect((await admin.ref(path).once("value")).val()).toEqual({ a: 1, b: { c: "x" } });
    await update(ref(db, path), { a: 2, "b/c": "y", "b/d": true, e: null });
    expect((await get(ref(db, path))).val()).toEqual({ a: 2, b: { c: "y", d: true } });
    await remove(ref(db, `${path}/b`));
    expect((await admin.ref(path).get()).val()).toEqual({ a: 2 });
    await admin.ref(path).remove();
    expect((await get(ref(db, path))).exists()).toBe(false);
  });

  it("push creates keys that sort in creation order", async () => {
    const path = testPath();
    const db = clients.browser();
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = push(ref(db, path));
      keys.push(created.key as string);
      await set(created, i);
    }
    const snapshot = await admin.ref(path).orderByKey().once("value");
    const values: unknown[] = [];
    snapshot.forEach((entry) => {
      values.push(entry.val());
    });
    expect(values).toEqual([0, 1, 2, 3, 4]);
    expect([...keys].sort()).toEqual(keys);
  });

  it("delivers large values split across frames, both ways", async () => {
    const path = testPath();
    const big = "x".repeat(100_000);
    const db = clients.browser();
    await set(ref(db, path), { big });
    const other = clients.browser();
    expect((await get(ref(other, path))).val()).toEqual({ big });
  });
});

describe("events", () => {
  it("fires value and child events in the documented order", async () => {
    const path = testPath();
    const db = clients.browser();
    await set(ref(db, path), { a: { score: 1 }, b: { score: 2 }, c: { score: 3 } });
    const observer = clients.browser();
    const ordered = query(ref(observer, path), orderByChild("score"));
    const events: string[] = [];
    let resolveDone: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      resolveDone = resolve;
    });
    const initial = new Promise<void>((resolve) => {
      onValue(ordered, (snapshot) => {
        const keys: string[] = [];
        snapshot.forEach((entry) => {
          keys.push(entry.key as string);
        });
        events.push(`value:${keys.join(",")}`);
        if (events.filter((event) => event.startsWith("value")).length === 1) resolve();
        if (!snapshot.hasChild("b") && snapshot.hasChild("d")) resolveDone();
      });
    });
    onChildAdded(ordered, (snapshot, previous) => {
      events.push(`added:${snapshot.key}<${previous ?? ""}`);
    });
    onChildChanged(ordered, (snapshot) => {
      events.push(`changed:${snapshot.key}`);
    });
    onChildMoved(ordered, (snapshot, previous) => {
      events.push(`moved:${snapshot.key}<${previous ?? ""}`);
    });
    onChildRemoved(ordered, (snapshot) => {
      events.push(`removed:${snapshot.key}`);
    });
    await initial;
    const writer = clients.admin();
    await writer.ref(`${path}/a/score`).set(10);
    await writer.ref(`${path}/d`).set({ score: 0 });
    await writer.ref(`${path}/b`).remove();
    await done;
    // Child events for a change come before the value event that reflects it.
    expect(events).toEqual([
      "added:a<",
      "added:b<a",
      "added:c<b",
      "value:a,b,c",
      "moved:a<c",
      "changed:a",
      "value:b,c,a",
      "added:d<",
      "value:d,b,c,a",
      "removed:b",
      "value:d,c,a",
    ]);
  });
});

describe("queries", () => {
  const people = {
    ann: { age: 31, city: "Sevilla" },
    bob: { age: 25, city: "Madrid" },
    cat: { age: 25, city: "Cádiz" },
    dan: { age: 40 },
    eve: { age: 19, city: "Madrid" },
    fay: { city: "Bilbao" },
  };
  const scores = { a: 5, b: 3, c: 9, d: 1, e: 3 };
  let path: string;

  beforeAll(async () => {
    path = testPath();
    await admin.ref(path).set({ people, scores });
  });

  async function keys(q: Parameters<typeof get>[0]): Promise<string[]> {
    const snapshot = await get(q);
    const out: string[] = [];
    snapshot.forEach((entry) => {
      out.push(entry.key as string);
    });
    return out;
  }

  it("orders by child, missing values first, ties broken by key", async () => {
    const db = clients.browser();
    const base = ref(db, `${path}/people`);
    expect(await keys(query(base, orderByChild("age")))).toEqual(["fay", "eve", "bob", "cat", "ann", "dan"]);
    expect(await keys(query(base, orderByChild("age"), startAt(25), endAt(31)))).toEqual(["bob", "cat", "ann"]);
    expect(await keys(query(base, orderByChild("age"), equalTo(25)))).toEqual(["bob", "cat"]);
    expect(await keys(query(base, orderByChild("age"), startAt(25, "cat")))).toEqual(["cat", "ann", "dan"]);
    expect(await keys(query(base, orderByChild("age"), startAfter(25)))).toEqual(["ann", "dan"]);
    expect(await keys(query(base, orderByChild("age"), endBefore(25)))).toEqual(["fay", "eve"]);
    expect(await keys(query(base, orderByChild("age"), limitToFirst(2)))).toEqual(["fay", "eve"]);
    expect(await keys(query(base, orderByChild("age"), limitToLast(2)))).toEqual(["ann", "dan"]);
    expect(await keys(query(base, orderByChild("city"), equalTo("Madrid")))).toEqual(["bob", "eve"]);
  });

  it("orders by key and by value", async () => {
    const db = clients.browser();
    const people = ref(db, `${path}/people`);
    const scoresRef = ref(db, `${path}/scores`);
    expect(await keys(query(people, orderByKey(), startAt("bob"), endAt("dan")))).toEqual(["bob", "cat", "dan"]);
    expect(await keys(query(people, orderByKey(), limitToLast(2)))).toEqual(["eve", "fay"]);
    expect(await keys(query(scoresRef, orderByValue()))).toEqual(["d", "b", "e", "a", "c"]);
    expect(await keys(query(scoresRef, orderByValue(), limitToLast(2)))).toEqual(["a", "c"]);
    expect(await keys(query(scoresRef, orderByValue(), equalTo(3)))).toEqual(["b", "e"]);
  });

  it("makes the SDK warn about ordering by a child .indexOn does not declare, and REST refuse it", async () => {
    await admin.ref("indexed").set({ a: { score: 1, age: 3 }, b: { score: 2, age: 1 } });
    const warnings: string[] = [];
    onLog(({ level, message }) => {
      if (level === "warn" && message.includes("Using an unspecified index")) warnings.push(message);
    });
    try {
      const db = clients.browser();
      const lowest = (child: string) => query(ref(db, "indexed"), orderByChild(child), limitToFirst(1));
      expect(await valueWhere(lowest("score"), (value) => value !== null)).toEqual({ a: { score: 1, age: 3 } });
      expect(await valueWhere(lowest("age"), (value) => value !== null)).toEqual({ b: { score: 2, age: 1 } });
      // Answers come in order on one connection: once this write is acknowledged, both listens have been answered.
      await set(ref(db, testPath()), true);
      expect(warnings).toEqual([expect.stringContaining('".indexOn": "age" at /indexed')]);
    } finally {
      onLog(null);
    }
    const byAge = await rest(target, clients.namespace, "/indexed.json", { query: 'orderBy="age"&limitToFirst=1' });
    expect(byAge.status).toBe(400);
    expect(byAge.body).toEqual({
      error: 'Index not defined, add ".indexOn": "age", for path "/indexed", to the rules',
    });
    const byScore = await rest(target, clients.namespace, "/indexed.json", { query: 'orderBy="score"&limitToFirst=1' });
    expect(byScore.body).toEqual({ a: { score: 1, age: 3 } });
  });

  it("answers firebase-admin queries the same way", async () => {
    const snapshot = await admin.ref(`${path}/people`).orderByChild("age").startAt(20).limitToFirst(2).once("value");
    expect(Object.keys(snapshot.val() as object).sort()).toEqual(["bob", "cat"]);
  });

  it("keeps a live limit window up to date as data changes", async () => {
    const livePath = testPath();
    await admin.ref(livePath).set({ a: 1, b: 2, c: 3 });
    const db = clients.browser();
    const topTwo = query(ref(db, livePath), orderByValue(), limitToLast(2));
    await valueWhere(topTwo, (value) => isDeepStrictEqual(value, { b: 2, c: 3 }));
    const changed = valueWhere(topTwo, (value) => isDeepStrictEqual(value, { a: 7, c: 3 }));
    const removed = new Promise<string>((resolve) => {
      onChildRemoved(topTwo, (snapshot) => resolve(snapshot.key as string));
    });
    await admin.ref(`${livePath}/a`).set(7);
    expect(await changed).toEqual({ a: 7, c: 3 });
    expect(await removed).toBe("b");
  });
});

describe("server values and transactions", () => {
  it("resolves ServerValue.TIMESTAMP and increment on the server", async () => {
    const path = testPath();
    const db = clients.browser();
    const before = Date.now();
    await set(ref(db, path), { at: serverTimestamp(), count: increment(2) });
    await update(ref(db, path), { count: increment(3) });
    const value = (await admin.ref(path).get()).val() as { at: number; count: number };
    expect(value.count).toBe(5);
    expect(value.at).toBeGreaterThanOrEqual(before - 60_000);
    expect(value.at).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it("ends at exactly +50 after 50 concurrent increments from 5 clients", async () => {
    const path = testPath();
    await admin.ref(path).set(0);
    const apps = Array.from({ length: 5 }, () => clients.admin());
    const results = await Promise.all(
      apps.flatMap((db) =>
        Array.from({ length: 10 }, () => db.ref(path).transaction((current: number | null) => (current ?? 0) + 1)),
      ),
    );
    expect(results.every((result) => result.committed)).toBe(true);
    expect((await admin.ref(path).get()).val()).toBe(50);
  });

  it("runs browser transactions and aborts when the update returns undefined", async () => {
    const path = testPath();
    await admin.ref(path).set({ seats: 1 });
    const db = clients.browser();
    // The SDK first runs the update on its cached value (null here); the server's datastale makes it retry.
    const takeSeat = (seats: number | null) => (seats === null ? null : seats > 0 ? seats - 1 : undefined);
    const first = await runTransaction(ref(db, `${path}/seats`), takeSeat);
    expect(first.committed).toBe(true);
    const second = await runTransaction(ref(db, `${path}/seats`), takeSeat);
    expect(second.committed).toBe(false);
    expect((await admin.ref(`${path}/seats`).get()).val()).toBe(0);
  });

  it("rejects a put whose transaction hash does not match the stored data", async () => {
    const path = testPath();
    await admin.ref(path).set("current");
    const raw = await clients.raw();
    await raw.request("gauth", { cred: "owner" });
    const stale = await raw.request("p", { p: `/${path}`, d: "mine", h: "not-the-hash" });
    expect(stale.s).toBe("datastale");
    expect((await admin.ref(path).get()).val()).toBe("current");
  });
});

describe("onDisconnect", () => {
  it("applies set, update and remove when the client goes away, and skips cancelled ones", async () => {
    const path = testPath();
    await admin.ref(path).set({ gone: "no", cancelled: "kept", removed: "here", merged: { a: 1 } });
    const db = clients.browser();
    await onDisconnect(ref(db, `${path}/gone`)).set("yes");
    await onDisconnect(ref(db, `${path}/merged`)).update({ b: 2 });
    await onDisconnect(ref(db, `${path}/removed`)).remove();
    await onDisconnect(ref(db, `${path}/cancelled`)).set("overwritten");
    await onDisconnect(ref(db, `${path}/cancelled`)).cancel();
    const observer = clients.browser();
    const expected = { gone: "yes", cancelled: "kept", merged: { a: 1, b: 2 } };
    const applied = valueWhere(ref(observer, path), (value) => isDeepStrictEqual(value, expected));
    goOffline(db);
    expect(await applied).toEqual(expected);
  });

  it("checks rules and .validate again when the operations run, not only when they are registered", async () => {
    const path = testPath();
    const key = path.replace("open/", "");
    await admin.ref().update({ gate: true, [`once/${key}`]: null });
    const db = clients.browser();
    await onDisconnect(ref(db, `gated/${key}`)).set("written after the gate closed");
    await onDisconnect(ref(db, `once/${key}`)).set("second writer");
    await onDisconnect(ref(db, `${path}/done`)).set(true);
    await admin.ref().update({ gate: false, [`once/${key}`]: "first writer" });
    const observer = clients.browser();
    // The operations run in the order they were registered, so the last one arriving means all have run.
    const ran = valueWhere(ref(observer, `${path}/done`), (value) => value === true);
    goOffline(db);
    await ran;
    expect((await admin.ref(`gated/${key}`).get()).exists()).toBe(false);
    expect((await admin.ref(`once/${key}`).get()).val()).toBe("first writer");
  });

  it("applies firebase-admin onDisconnect writes with server timestamps", async () => {
    const path = testPath();
    const leaving = clients.admin();
    await leaving
      .ref(path)
      .onDisconnect()
      .set({ lastSeen: { ".sv": "timestamp" } });
    await leaving.ref(".info/connected").once("value");
    const observer = clients.browser();
    const applied = valueWhere(
      ref(observer, path),
      (value: { lastSeen?: number } | null) => typeof value?.lastSeen === "number",
    );
    leaving.goOffline();
    expect(typeof (await applied)?.lastSeen).toBe("number");
  });
});

describe("REST", () => {
  it("reads a path, imports and exports the whole tree", async () => {
    const other = new Clients(target, freshNamespace());
    try {
      const imported = { open: { a: { b: 1 }, list: { x: true } }, other: "value" };
      const put = await rest(target, other.namespace, "/.json", { method: "PUT", body: imported, token: "owner" });
      expect(put.status).toBe(200);
      expect((await rest(target, other.namespace, "/open/a.json", { token: "owner" })).body).toEqual({ b: 1 });
      expect((await rest(target, other.namespace, "/.json", { token: "owner" })).body).toEqual(imported);
      const exported = await rest(target, other.namespace, "/.json", { token: "owner", query: "format=export" });
      expect(exported.body).toEqual(imported);
      expect((await other.admin().ref("open/a/b").get()).val()).toBe(1);
    } finally {
      await other.closeAll();
    }
  });

  it("answers REST queries and shallow reads", async () => {
    const path = testPath();
    await admin.ref(path).set({ a: 1, b: 2, c: { deep: true } });
    const firstTwo = await rest(target, clients.namespace, `/${path}.json`, {
      query: `orderBy=${encodeURIComponent('"$key"')}&limitToFirst=2`,
    });
    expect(firstTwo.body).toEqual({ a: 1, b: 2 });
    const shallow = await rest(target, clients.namespace, `/${path}.json`, { query: "shallow=true" });
    expect(shallow.body).toEqual({ a: true, b: true, c: true });
  });

  it("refuses filters without orderBy and takes a key after the value to break ties", async () => {
    const path = testPath();
    await admin.ref(path).set({ a: 1, b: 1, c: 1, d: 2 });
    const unordered = await rest(target, clients.namespace, `/${path}.json`, { query: "limitToFirst=1" });
    expect(unordered.status).toBe(400);
    expect(unordered.body).toEqual({ error: "orderBy must be defined when other query parameters are defined" });
    const fromB = await rest(target, clients.namespace, `/${path}.json`, {
      query: `orderBy=${encodeURIComponent('"$value"')}&startAt=${encodeURIComponent('1,"b"')}&endAt=1`,
      token: "owner",
    });
    expect(fromB.body).toEqual({ b: 1, c: 1 });
  });

  it("answers print=silent with 204 and no body, and print=pretty indented", async () => {
    const path = testPath();
    const silent = await rest(target, clients.namespace, `/${path}.json`, {
      method: "PUT",
      body: { quiet: true },
      query: "print=silent",
    });
    expect(silent.status).toBe(204);
    expect(silent.text).toBe("");
    expect((await admin.ref(path).get()).val()).toEqual({ quiet: true });
    const pretty = await rest(target, clients.namespace, `/${path}.json`, { query: "print=pretty" });
    expect(pretty.text).toMatch(/^\{\n\s+"quiet": true\n\}/);
  });

  it("answers conditional writes: an ETag on request, 412 with the current value when if-match is stale", async () => {
    const path = testPath();
    await admin.ref(path).set(10);
    const read = await rest(target, clients.namespace, `/${path}.json`, { headers: { "X-Firebase-ETag": "true" } });
    const etag = read.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const put = (value: number, ifMatch: string) =>
      rest(target, clients.namespace, `/${path}.json`, {
        method: "PUT",
        body: value,
        headers: { "if-match": ifMatch },
      });
    const stale = await put(11, "not-the-etag");
    expect(stale.status).toBe(412);
    expect(stale.body).toBe(10);
    expect(stale.headers.get("etag")).toBe(etag);
    const fresh = await put(11, etag);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("etag")).not.toBe(etag);
    expect((await put(12, etag)).status).toBe(412);
    expect((await admin.ref(path).get()).val()).toBe(11);
    const created = await rest(target, clients.namespace, `/${path}-new.json`, {
      method: "PUT",
      body: '"first"',
      headers: { "if-match": "null_etag" },
    });
    expect(created.status).toBe(200);
    expect((await admin.ref(`${path}-new`).get()).val()).toBe("first");
  });

  it("applies rules to REST reads without the admin credential", async () => {
    await admin.ref("private/rest").set("secret");
    const denied = await rest(target, clients.namespace, "/private/rest.json");
    expect(denied.status).toBe(401);
    await admin.ref("open/rest").set("public");
    expect((await rest(target, clients.namespace, "/open/rest.json")).body).toBe("public");
  });
});

describe("rules loading", () => {
  async function putRules(rule: string): Promise<number> {
    const body = JSON.stringify({ rules: { open: { $item: { ".write": rule } } } });
    return (await rest(target, freshNamespace(), "/.settings/rules.json", { method: "PUT", token: "owner", body }))
      .status;
  }

  it("refuses rules firebase deploy refuses: not boolean, unknown methods, val() properties, regex flags, syntax", async () => {
    const refused = [
      "auth.uid",
      "auth.uid.unknownMethod() == true",
      "newData.val().message == 'hi'",
      "auth.uid.matches(/a/g)",
      "root.child('x') != null",
      "auth.uid ==",
    ];
    for (const rule of refused) expect(await putRules(rule), rule).toBe(400);
  });

  it("accepts the same checks written the way Firebase allows", async () => {
    expect(await putRules("newData.child('message').val() == 'hi' && auth.uid.matches(/^a/i)")).toBe(200);
  });
});

describe("bad input", () => {
  it("rejects invalid keys and values in the SDK before they are sent", () => {
    const db = clients.browser();
    for (const key of ["a.b", "a#b", "a$b", "a[b", "a]b"]) {
      expect(() => set(ref(db, testPath()), { [key]: 1 })).toThrow(/key/i);
    }
    expect(() => set(ref(db, testPath()), { f: () => 1 })).toThrow();
    expect(() => set(ref(db, testPath()), Number.NaN)).toThrow();
    expect(() => child(ref(db, "open"), "a\u0001b")).toThrow(/path/i);
  });

  it("answers invalid data from a raw client with an error status and stores nothing", async () => {
    const raw = await clients.raw();
    await raw.request("gauth", { cred: "owner" });
    const path = testPath();
    let deep: unknown = "leaf";
    for (let i = 0; i < 33; i++) deep = { d: deep };
    const invalid: unknown[] = [
      ...[".", "#", "$", "[", "]", "/"].map((ch) => ({ [`bad${ch}key`]: 1 })),
      { "control\u0001char": 1 },
      { "delete\u007Fchar": 1 },
      { ["k".repeat(769)]: 1 },
      { tooLong: "s".repeat(10 * 1024 * 1024 + 1) },
      deep,
      { ".sv": "not-a-server-value" },
      { ".value": { nested: true } },
    ];
    for (const data of invalid) {
      const reply = await raw.request("p", { p: `/${path}`, d: data });
      expect(reply.s, JSON.stringify(data).slice(0, 60)).not.toBe("ok");
    }
    const badPath = await raw.request("p", { p: `/${path}/a[0]`, d: 1 });
    expect(badPath.s).not.toBe("ok");
    expect((await admin.ref(path).get()).exists()).toBe(false);
  });

  it("closes only the connection that sends a malformed frame", async () => {
    const path = testPath();
    const bystander = clients.browser();
    await set(ref(bystander, path), "before");
    const raw = await clients.raw();
    await raw.next((frame) => frame.t === "c");
    raw.sendText("this is not json");
    await raw.closed;
    await set(ref(bystander, path), "after");
    expect((await get(ref(bystander, path))).val()).toBe("after");
  });
});
