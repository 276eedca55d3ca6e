// database.rules.json: browsers never read or write the Realtime Database — the BFF (firebase-admin, which bypasses
// the rules) is the only door, and hands live data to pages over its own subscriptions. Checked in the style of
// @firebase/rules-unit-testing for a signed-out browser, a household, another household and the couple, against
// whichever server runs (the official emulator or the stand-in).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkDenied } from "@boda/server/test/hardening-ledger";
import { type Database, get, onValue, push, ref, remove, set, update } from "firebase/database";
import type { Database as AdminDatabase } from "firebase-admin/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Clients, freshNamespace, loadRules, startTarget, type Target } from "./testkit";

const RULES_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../database.rules.json");

let target: Target;
let clients: Clients;
let admin: AdminDatabase;
let browsers: Record<string, Database>;

const STORED = {
  live: { message: "La ceremonia empieza en 10 minutos", updatedAt: 1 },
  guestbook: { e1: { householdKey: "garcia", name: "Familia García", message: "¡Vivan los novios!", createdAt: 1 } },
  // The BFF's shared rate-limit counts (server/src/limits/shared-limits.ts): no browser may read or reset them.
  rateLimits: { "redeem-address:0123456789abcdef0123456789abcdef": { count: 3, resetAt: 1 } },
};

beforeAll(async () => {
  target = await startTarget();
  clients = new Clients(target, freshNamespace());
  await loadRules(target, clients.namespace, readFileSync(RULES_PATH, "utf8"));
  admin = clients.admin();
  await admin.ref().set(STORED);
  browsers = {
    "a signed-out browser": clients.browser(),
    "the household itself": clients.browser({ uid: "household:garcia", claims: { householdKey: "garcia", tags: [] } }),
    "another household": clients.browser({ uid: "household:ruiz", claims: { householdKey: "ruiz", tags: ["amigos"] } }),
    "the couple": clients.browser({ uid: "couple-1", claims: { couple: true } }),
  };
});

afterAll(async () => {
  await clients?.closeAll();
  await target?.stop();
});

/** The SDK spells the root as no path at all. */
const at = (db: Database, path: string) => (path ? ref(db, path) : ref(db));

/** Subscribing is refused with an error rather than silently receiving data. */
function listenRefused(db: Database, path: string): Promise<Error> {
  return new Promise((resolve, reject) => {
    const stop = onValue(
      at(db, path),
      () => {
        stop();
        reject(new Error(`a listener on /${path} received data`));
      },
      resolve,
    );
  });
}

for (const path of [
  "",
  "live",
  "guestbook",
  "guestbook/e1",
  "rateLimits",
  "rateLimits/redeem-address:0123456789abcdef0123456789abcdef",
  "anything/else",
]) {
  describe(`/${path}`, () => {
    it("should deny every browser reading or listening, whoever is signed in", async () => {
      for (const [who, db] of Object.entries(browsers)) {
        await checkDenied(who, `read /${path}`, get(at(db, path)));
        await checkDenied(
          who,
          `listen to /${path}`,
          listenRefused(db, path).then((error) => Promise.reject(error)),
        );
      }
    });

    it("should deny every browser writing, updating or removing", async () => {
      for (const [who, db] of Object.entries(browsers)) {
        await checkDenied(who, `set /${path ? `${path}/x` : "x"}`, set(ref(db, path ? `${path}/x` : "x"), "written"));
        await checkDenied(who, `update /${path}`, update(at(db, path), { x: "written" }));
        await checkDenied(who, `remove /${path || "live"}`, remove(ref(db, path || "live")));
      }
      expect((await admin.ref().get()).val()).toEqual(STORED);
    });
  });
}

describe("/guestbook", () => {
  it("should deny a household pushing a message directly (posts go through the BFF)", async () => {
    await checkDenied(
      "the household itself",
      "push a message to /guestbook",
      // A push's reference is only thenable; the refusal arrives through its promise side.
      Promise.resolve(
        push(ref(browsers["the household itself"] as Database, "guestbook"), {
          name: "Familia García",
          message: "¡Hola!",
        }),
      ),
    );
    expect((await admin.ref("guestbook").get()).val()).toEqual(STORED.guestbook);
  });
});
