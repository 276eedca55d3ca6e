// The content fast path over real HTTP with real sessions: ID tokens from the Auth emulator are verified as the
// procedure verifies them, and every answer matches stock tRPC's (a server built without the fast path).
import type { FastifyInstance } from "fastify";
import { getAuth } from "firebase-admin/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { householdUid } from "../auth/viewer";
import { buildServer } from "../build-server";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "../test/emulators";
import { idTokenFor, storeHousehold, testBff, testHousehold } from "../test/services";
import { FAST_QUERY_PATHS } from "./query-fast-path";

describe("content fast path over HTTP with real sessions", () => {
  let db: TestFirestore;
  let bff: ReturnType<typeof testBff>;
  const servers: FastifyInstance[] = [];
  let fast = "";
  let stock = "";
  const lopez = testHousehold("lopez-fast", { tags: ["familia"] });

  beforeAll(async () => {
    db = isolatedFirestore("fastpath");
    await publishContent(db.firestore, exampleContent(), 3);
    await storeHousehold(db.firestore, lopez);
    bff = testBff(db);
    for (const queryFastPath of [true, false]) {
      const app = await buildServer({ ...bff, checkFirestore: async () => {}, queryFastPath });
      servers.push(app);
      const base = await app.listen({ host: "127.0.0.1", port: 0 });
      if (queryFastPath) fast = base;
      else stock = base;
    }
    // The mirrors hold the content and the guest list once their first snapshots arrived.
    await bff.services.content.current();
    await bff.services.households.all();
  });
  afterAll(async () => {
    await Promise.all(servers.map((app) => app.close()));
    bff.close();
    await db.close();
  });

  async function both(authorization?: string) {
    const headers: Record<string, string> = { "accept-encoding": "br, gzip" };
    if (authorization) headers.authorization = authorization;
    const [fromFast, fromStock] = await Promise.all(
      [fast, stock].map((base) => fetch(`${base}${FAST_QUERY_PATHS.content}`, { headers })),
    );
    if (!fromFast || !fromStock) throw new Error("no answer");
    return {
      fast: { status: fromFast.status, etag: fromFast.headers.get("etag"), body: await fromFast.text() },
      stock: { status: fromStock.status, body: await fromStock.text() },
    };
  }

  async function signedIn(claims: { householdKey: string; tags: string[]; codeIssuedAt: string }): Promise<string> {
    const custom = await getAuth(db.app).createCustomToken(householdUid(claims.householdKey), claims);
    return `Bearer ${await idTokenFor(custom)}`;
  }

  it("should serve a verified household its own view, as tRPC does", async () => {
    const answers = await both(
      await signedIn({ householdKey: lopez.key, tags: lopez.tags, codeIssuedAt: lopez.codeIssuedAt }),
    );
    expect(answers.fast.status).toBe(200);
    expect(answers.fast.etag).not.toBeNull();
    expect(answers.fast.body).toBe(answers.stock.body);
    expect(answers.fast.body).toContain("cena-ensayo");
  });

  it("should refuse a session from a replaced code, a removed household and a malformed header as tRPC does", async () => {
    const refused = [
      await signedIn({ householdKey: lopez.key, tags: lopez.tags, codeIssuedAt: "2020-01-01T00:00:00.000Z" }),
      await signedIn({ householdKey: "nadie", tags: [], codeIssuedAt: lopez.codeIssuedAt }),
      "Bearer not-a-token",
      "Basic abc",
    ];
    for (const authorization of refused) {
      const answers = await both(authorization);
      expect(answers.fast.status).toBe(401);
      expect(answers.fast).toEqual({ ...answers.stock, etag: null });
    }
  });

  it("should serve a stranger what a stranger may see, with the bytes tRPC sends", async () => {
    const answers = await both();
    expect(answers.fast.status).toBe(200);
    expect(answers.fast.body).toBe(answers.stock.body);
    expect(answers.fast.body).not.toContain("cena-ensayo");
  });
});
