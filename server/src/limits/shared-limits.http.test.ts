// Limits hold across BFF instances: two instances, each with its own firebase-admin connections (as two Cloud Run
// instances have), over the same Firestore database and Realtime Database, reached over real HTTP. Guesses and
// guestbook posts spread across both are held to the one limit, not to one limit each.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { getDatabase } from "firebase-admin/database";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildServer } from "../build-server";
import { idTokenFor } from "../client/emulator-id-token";
import { call } from "../client/trpc-over-http";
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from "../contract/invite-code";
import { UnavailableError } from "../errors";
import {
  exampleContent,
  isolatedFirestore,
  publishContent,
  sameDatabasesAs,
  type TestFirestore,
} from "../test/emulators";
import { checkRefusal, injectFault } from "../test/hardening-ledger";
import { storeHousehold, testBff, testHousehold } from "../test/services";
import { LimitReached, RATE_LIMITS_PATH, realtimeDatabaseLimitStore } from "./shared-limits";

const TEMPLATE = fileURLToPath(new URL("../../../remoteconfig.template.json", import.meta.url));

/** The n-th well-formed code a guesser might try. */
const guess = (n: number) =>
  [...n.toString(INVITE_CODE_ALPHABET.length).padStart(INVITE_CODE_LENGTH, "0")]
    .map((digit) => INVITE_CODE_ALPHABET[Number.parseInt(digit, INVITE_CODE_ALPHABET.length)])
    .join("");

describe("limits shared by two BFF instances", () => {
  const dbs: TestFirestore[] = [];
  const servers: FastifyInstance[] = [];
  const bases: string[] = [];
  const garcia = testHousehold("garcia-shared");
  let switches: string;

  beforeAll(async () => {
    const first = isolatedFirestore("shared-limits");
    dbs.push(first, sameDatabasesAs(first, "second"));
    switches = path.join(mkdtempSync(path.join(tmpdir(), "shared-limits-")), "remoteconfig.template.json");
    copyFileSync(TEMPLATE, switches);
    const template = JSON.parse(readFileSync(switches, "utf8"));
    template.parameters.guestbook_enabled.defaultValue.value = "true";
    writeFileSync(switches, JSON.stringify(template));
    await publishContent(first.firestore, exampleContent(), 1);
    await storeHousehold(first.firestore, garcia);
    for (const db of dbs) {
      const bff = testBff(db, {
        templateFile: switches,
        redeemLimits: {
          perAddress: { attempts: 10, windowSeconds: 600 },
          global: { attempts: 1000, windowSeconds: 600 },
        },
        guestbookLimits: { posts: 3, windowSeconds: 600 },
      });
      const app = await buildServer({ ...bff, checkFirestore: async () => {} });
      servers.push(app);
      bases.push(await app.listen({ host: "127.0.0.1", port: 0 }));
      await vi.waitFor(async () => expect(await bff.services.households.byCode(garcia.code)).toBeDefined());
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const db of dbs.toReversed()) await db.close();
  });

  it("should hold one address's guesses spread over both instances to its 10, and refuse the 11th on either", async () => {
    const [one = "", two = ""] = bases;
    // Ten guesses at once, alternating instances: each is looked up (404), none slips past.
    const first = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        call(n % 2 === 0 ? one : two, "invitations.redeem", {
          mutation: true,
          input: { code: guess(n) },
          from: "127.0.3.1",
        }),
      ),
    );
    expect(first.map((answer) => answer.status)).toEqual(Array(10).fill(404));
    for (const [instance, base] of [
      ["the first instance", one],
      ["the second instance", two],
    ] as const) {
      const refused = await call(base, "invitations.redeem", {
        mutation: true,
        input: { code: guess(100) },
        from: "127.0.3.1",
      });
      checkRefusal({
        who: "one address, its 10 guesses spent across two instances",
        what: `an 11th invitations.redeem on ${instance}`,
        expected: 429,
        answer: refused.status,
      });
      expect(refused.body.error?.data.reason).toBe("too-many-attempts");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(500);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(600);
    }
    // Another address is not affected.
    const elsewhere = await call(two, "invitations.redeem", {
      mutation: true,
      input: { code: garcia.code },
      from: "127.0.3.2",
    });
    expect(elsewhere.status).toBe(200);
  });

  it("should hold 25 parallel guesses from one address across both instances to exactly 10 lookups", async () => {
    const [one = "", two = ""] = bases;
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        call(n % 2 === 0 ? one : two, "invitations.redeem", {
          mutation: true,
          input: { code: guess(200 + n) },
          from: "127.0.3.3",
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(10);
    checkRefusal({
      who: "one address guessing 25 at once across two instances",
      what: "invitations.redeem beyond its 10",
      expected: "15 × 429",
      answer: `${statuses.filter((status) => status === 429).length} × 429`,
    });
  });

  it("should hold a household's guestbook posts across both instances to its 3", async () => {
    const [one = "", two = ""] = bases;
    const redeemed = await call(one, "invitations.redeem", { mutation: true, input: { code: garcia.code } });
    const customToken = (redeemed.body.result?.data as { token?: string } | undefined)?.token ?? "";
    const token = await idTokenFor(customToken);
    const post = (base: string, n: number) =>
      call(base, "guestbook.post", { mutation: true, token, input: { message: `¡Enhorabuena! (${n})` } });
    expect((await post(one, 1)).status).toBe(200);
    expect((await post(two, 2)).status).toBe(200);
    expect((await post(one, 3)).status).toBe(200);
    for (const [instance, base] of [
      ["the first instance", one],
      ["the second instance", two],
    ] as const) {
      const refused = await post(base, 4);
      checkRefusal({
        who: "a household, its 3 posts spent across two instances",
        what: `a 4th guestbook.post on ${instance}`,
        expected: 429,
        answer: refused.status,
      });
      expect(refused.body.error?.data.reason).toBe("too-many-posts");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("should store no address, only hashed keys with their window's end", async () => {
    const stored = (await getDatabase(dbs[0]?.app).ref(RATE_LIMITS_PATH).get()).val() as Record<string, unknown>;
    expect(Object.keys(stored).length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain("127.0.3");
    for (const [node, value] of Object.entries(stored)) {
      expect(node).toMatch(/^(redeem-address|redeem-global|guestbook):[0-9a-f]{32}$/);
      expect(value).toEqual({ count: expect.any(Number), resetAt: expect.any(Number) });
    }
  });
});

describe("the shared limits store on its own", () => {
  let db: TestFirestore;
  beforeAll(() => {
    db = isolatedFirestore("limit-store");
  });
  afterAll(async () => {
    await db.close();
  });

  it("should start a new window once the old one ended, and remove ended windows", async () => {
    let clock = 1_000_000;
    const store = realtimeDatabaseLimitStore(getDatabase(db.app), { now: () => clock });
    const limiter = store.limiter("window-test", { points: 2, windowSeconds: 60 });
    await limiter.consume("k");
    await limiter.consume("k");
    await expect(limiter.consume("k")).rejects.toEqual(new LimitReached(60));
    clock += 30_000;
    await expect(limiter.consume("k")).rejects.toMatchObject({ retryAfterSeconds: 30 });
    await limiter.refund("k");
    await limiter.consume("k");
    clock += 30_000;
    await limiter.consume("k");
    await limiter.consume("other");
    clock += 60_000;
    // "k"'s window (from 1,060,000) ended; "other"'s too. A key still in its window is kept.
    await limiter.consume("fresh");
    await store.removeEnded();
    const left = (await getDatabase(db.app).ref(RATE_LIMITS_PATH).get()).val() as Record<string, unknown>;
    expect(Object.keys(left)).toHaveLength(1);
    store.close();
  });

  it("should refuse with 503 and Retry-After when the store does not answer in time (sign-in fails closed)", async () => {
    const fault = injectFault("the Realtime Database holding the limits does not answer");
    const database = getDatabase(db.app);
    database.goOffline();
    try {
      const store = realtimeDatabaseLimitStore(database, { waitMs: 300 });
      const consuming = store.limiter("offline-test", { points: 10, windowSeconds: 60 }).consume("k");
      await expect(consuming).rejects.toBeInstanceOf(UnavailableError);
      await expect(consuming).rejects.toMatchObject({ reason: "unavailable", retryAfterSeconds: 5 });
      store.close();
    } finally {
      database.goOnline();
    }
    fault.survived("the attempt was refused with 503 and Retry-After 5 instead of let through uncounted");
  });
});
