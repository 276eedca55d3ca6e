// Rules suite for database.rules.json in the style of @firebase/rules-unit-testing: a signed-out browser, a guest
// (claim invitationId), the couple (claim couple: true) and a signed-in stranger, against whichever server runs.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Database, get, ref, remove, serverTimestamp, set, update } from "firebase/database";
import type { Database as AdminDatabase } from "firebase-admin/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Clients, freshNamespace, listenError, loadRules, PROJECT_ID, startTarget, type Target } from "./testkit";

const RULES_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../database.rules.json");

let target: Target;
let clients: Clients;
let admin: AdminDatabase;
let signedOut: Database;
let guest: Database;
let couple: Database;
let stranger: Database;

beforeAll(async () => {
  target = await startTarget();
  clients = new Clients(target, freshNamespace());
  await loadRules(target, clients.namespace, readFileSync(RULES_PATH, "utf8"));
  admin = clients.admin();
  await admin.ref().set({
    live: { status: "ceremony", updatedAt: 1 },
    guestbook: { e1: { name: "Tía Carmen", message: "¡Vivan los novios!" } },
    presence: { "guest-1": true },
    private: { notes: "couple only, via the BFF" },
  });
  signedOut = clients.browser();
  guest = clients.browser({ uid: "guest-1", claims: { invitationId: "inv-1" } });
  couple = clients.browser({ uid: "couple-1", claims: { couple: true } });
  stranger = clients.browser({ uid: "stranger-1" });
});

afterAll(async () => {
  await clients?.closeAll();
  await target?.stop();
});

const DENIED = /permission_denied/i;

describe("database.rules.json", () => {
  it("should deny everything at the root and outside the listed paths to every browser", async () => {
    for (const db of [signedOut, guest, couple]) {
      await expect(get(ref(db))).rejects.toThrow(/permission/i);
      await expect(get(ref(db, "private"))).rejects.toThrow(/permission/i);
      await expect(set(ref(db, "private/notes"), "x")).rejects.toThrow(DENIED);
    }
  });

  it("should ONLY allow a signed-in user to read /live", async () => {
    for (const db of [guest, couple, stranger]) {
      expect((await get(ref(db, "live/status"))).val()).toBe("ceremony");
    }
    await expect(get(ref(signedOut, "live"))).rejects.toThrow(/permission/i);
    expect((await listenError(ref(signedOut, "live"))).message).toMatch(DENIED);
  });

  it("should deny every browser write to /live", async () => {
    for (const db of [signedOut, guest, couple]) {
      await expect(set(ref(db, "live/status"), "party")).rejects.toThrow(DENIED);
      await expect(update(ref(db, "live"), { status: "party" })).rejects.toThrow(DENIED);
    }
    await admin.ref("live/status").set("dinner");
    expect((await get(ref(couple, "live/status"))).val()).toBe("dinner");
  });

  it("should ONLY allow guests and the couple to read /guestbook", async () => {
    expect((await get(ref(guest, "guestbook/e1/name"))).val()).toBe("Tía Carmen");
    expect(Object.keys((await get(ref(couple, "guestbook"))).val() as object)).toEqual(["e1"]);
    await expect(get(ref(stranger, "guestbook"))).rejects.toThrow(/permission/i);
    await expect(get(ref(signedOut, "guestbook/e1"))).rejects.toThrow(/permission/i);
  });

  it("should deny every browser write to /guestbook", async () => {
    for (const db of [signedOut, guest, couple, stranger]) {
      await expect(set(ref(db, "guestbook/e2"), { name: "Me", message: "Hi" })).rejects.toThrow(DENIED);
      await expect(set(ref(db, "guestbook/e1/message"), "edited")).rejects.toThrow(DENIED);
      await expect(remove(ref(db, "guestbook"))).rejects.toThrow(DENIED);
    }
    expect((await admin.ref("guestbook").get()).val()).toEqual({
      e1: { name: "Tía Carmen", message: "¡Vivan los novios!" },
    });
  });

  it("should ONLY allow a user to write their own presence", async () => {
    await set(ref(guest, "presence/guest-1"), false);
    await set(ref(couple, "presence/couple-1"), serverTimestamp());
    await expect(set(ref(guest, "presence/couple-1"), true)).rejects.toThrow(DENIED);
    await expect(set(ref(signedOut, "presence/guest-1"), true)).rejects.toThrow(DENIED);
    await expect(set(ref(guest, "presence"), { "guest-1": true })).rejects.toThrow(DENIED);
    const presence = (await admin.ref("presence").get()).val() as Record<string, unknown>;
    expect(presence["guest-1"]).toBe(false);
    expect(typeof presence["couple-1"]).toBe("number");
  });

  it("should only accept a boolean or a server timestamp as presence", async () => {
    await expect(set(ref(guest, "presence/guest-1"), "online")).rejects.toThrow(DENIED);
    await expect(set(ref(guest, "presence/guest-1"), Date.now() + 86_400_000)).rejects.toThrow(DENIED);
    await expect(set(ref(guest, "presence/guest-1"), { online: true })).rejects.toThrow(DENIED);
    await set(ref(guest, "presence/guest-1"), null);
    expect((await admin.ref("presence/guest-1").get()).exists()).toBe(false);
  });

  it("should cancel a listener on /live when its client signs out", async () => {
    const raw = await clients.raw();
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const claims = { iss: `https://securetoken.google.com/${PROJECT_ID}`, aud: PROJECT_ID, sub: "guest-2", iat: 0 };
    const token = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`;
    expect((await raw.request("auth", { cred: token })).s).toBe("ok");
    expect((await raw.request("q", { p: "/live", h: "" })).s).toBe("ok");
    expect((await raw.request("unauth", {})).s).toBe("ok");
    const revoked = await raw.next((frame) => frame.t === "d" && (frame.d as { a?: string }).a === "c");
    expect((revoked.d as { b: { p: string } }).b.p).toMatch(/^\/?live$/);
  });
});
