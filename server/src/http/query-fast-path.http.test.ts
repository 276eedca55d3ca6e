// The query fast path over real HTTP with real sessions and the real mirrors: ID tokens from the Auth emulator are
// verified as the procedure verifies them, content comes from Firestore, switches from a Remote Config template
// file, and every answer matches stock tRPC's (a server built without the fast path, over the same services).
import { copyFileSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { getAuth } from "firebase-admin/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { householdUid } from "../auth/viewer";
import { buildServer } from "../build-server";
import { idTokenFor } from "../client/emulator-id-token";
import type { Household } from "../contract/household";
import { exampleContent, isolatedFirestore, publishContent } from "../test/emulators";
import { storeHousehold, type TestServiceOptions, testBff, testHousehold } from "../test/services";
import { FAST_QUERY_PATHS } from "./query-fast-path";

const TEMPLATE = fileURLToPath(new URL("../../../remoteconfig.template.json", import.meta.url));

/** One BFF's services (content published, households stored) behind two servers: the fast path's and stock tRPC's. */
async function fastAndStock(label: string, households: Household[], options: TestServiceOptions = {}) {
  const db = isolatedFirestore(label);
  await publishContent(db.firestore, exampleContent(), 3);
  for (const household of households) await storeHousehold(db.firestore, household);
  const bff = testBff(db, options);
  const servers: FastifyInstance[] = [];
  const bases: Record<"fast" | "stock", string> = { fast: "", stock: "" };
  for (const queryFastPath of [true, false]) {
    // One set of services behind both servers: the fast path's server closes them.
    const resources = queryFastPath ? bff.resources : [];
    const app = await buildServer({ ...bff, resources, checkFirestore: async () => {}, queryFastPath });
    servers.push(app);
    bases[queryFastPath ? "fast" : "stock"] = await app.listen({ host: "127.0.0.1", port: 0 });
  }
  // The mirrors hold the content and the guest list once their first snapshots arrived.
  await bff.services.content.current();
  await bff.services.households.all();

  /** What a client sees of an answer; the ETag only comes from the fast path. */
  const answer = async (response: Response) => ({
    status: response.status,
    etag: response.headers.get("etag"),
    contentType: response.headers.get("content-type"),
    body: await response.text(),
  });
  return {
    db,
    bff,
    ...bases,
    /** The same request to both servers. */
    async both(url: string, headers: Record<string, string> = {}) {
      const [fromFast, fromStock] = await Promise.all(
        [bases.fast, bases.stock].map((base) => fetch(`${base}${url}`, { headers })),
      );
      if (!fromFast || !fromStock) throw new Error("no answer");
      return { fast: await answer(fromFast), stock: await answer(fromStock) };
    },
    async get(url: string, headers: Record<string, string> = {}) {
      return answer(await fetch(`${bases.fast}${url}`, { headers }));
    },
    /** An ID token from the Auth emulator for a household, as the page holds after redeeming its code. */
    async signedIn(claims: { householdKey: string; tags: string[]; codeIssuedAt: string }): Promise<string> {
      const custom = await getAuth(db.app).createCustomToken(householdUid(claims.householdKey), claims);
      return `Bearer ${await idTokenFor(custom)}`;
    },
    async close() {
      await Promise.all(servers.map((app) => app.close()));
      await db.close();
    },
  };
}

describe("content fast path over HTTP with real sessions", () => {
  let pair: Awaited<ReturnType<typeof fastAndStock>>;
  const lopez = testHousehold("lopez-fast", { tags: ["familia"] });

  beforeAll(async () => {
    pair = await fastAndStock("fastpath", [lopez]);
  });
  afterAll(() => pair.close());

  async function both(authorization?: string) {
    const headers: Record<string, string> = { "accept-encoding": "br, gzip" };
    if (authorization) headers.authorization = authorization;
    const { fast, stock } = await pair.both(FAST_QUERY_PATHS.content, headers);
    return {
      fast: { status: fast.status, etag: fast.etag, body: fast.body },
      stock: { status: stock.status, body: stock.body },
    };
  }
  const signedIn = (claims: { householdKey: string; tags: string[]; codeIssuedAt: string }) => pair.signedIn(claims);

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

describe("switches and places fast path over HTTP", () => {
  let pair: Awaited<ReturnType<typeof fastAndStock>>;
  let switchesFile: string;
  let switchesChanges = 0;
  const lopez = testHousehold("lopez-places", { tags: ["familia"] });
  /** `locations.list` for one event, as the page's link writes it. */
  const eventUrl = (eventId: string) =>
    `${FAST_QUERY_PATHS.locations}?input=${encodeURIComponent(JSON.stringify({ eventId }))}`;

  /** What `pnpm seed config set` does: a new template, its modification time moved (by a fixed step, not the clock). */
  function setSwitch(key: string, value: string): void {
    const template = JSON.parse(readFileSync(switchesFile, "utf8"));
    template.parameters[key].defaultValue.value = value;
    const { mtimeMs } = statSync(switchesFile);
    writeFileSync(switchesFile, JSON.stringify(template));
    switchesChanges += 1;
    const moved = mtimeMs / 1000 + 10 * switchesChanges;
    utimesSync(switchesFile, moved, moved);
  }

  beforeAll(async () => {
    switchesFile = path.join(mkdtempSync(path.join(tmpdir(), "fastpath-switches-")), "remoteconfig.template.json");
    copyFileSync(TEMPLATE, switchesFile);
    pair = await fastAndStock("fastpath-places", [lopez], { templateFile: switchesFile });
  });
  afterAll(() => pair.close());

  it("should answer the switches with stock tRPC's bytes, the same for everyone, and 304 to its ETag", async () => {
    const token = await pair.signedIn({ householdKey: lopez.key, tags: lopez.tags, codeIssuedAt: lopez.codeIssuedAt });
    const etags = new Set<string | null>();
    const viewers: Array<Record<string, string>> = [{}, { authorization: token }, { authorization: "Bearer bad" }];
    for (const headers of viewers) {
      const { fast, stock } = await pair.both(FAST_QUERY_PATHS.switches, headers);
      expect(fast.status).toBe(200);
      expect(fast.body).toBe(stock.body);
      expect(fast.contentType).toBe(stock.contentType);
      expect(stock.etag).toBeNull();
      etags.add(fast.etag);
    }
    expect([...etags]).toHaveLength(1);
    const [etag] = [...etags];
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(await pair.get(FAST_QUERY_PATHS.switches, { "if-none-match": String(etag) })).toMatchObject({
      status: 304,
      body: "",
    });
  });

  it("should change the switches' ETag when a switch changes", async () => {
    const before = await pair.get(FAST_QUERY_PATHS.switches);
    setSwitch("guestbook_enabled", "true");
    const after = await pair.get(FAST_QUERY_PATHS.switches, { "if-none-match": String(before.etag) });
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect(JSON.parse(after.body).result.data.guestbookEnabled).toBe(true);
    expect(after.body).toBe((await pair.both(FAST_QUERY_PATHS.switches)).stock.body);
    // Back to what it was: the same bytes, so the same ETag as before.
    setSwitch("guestbook_enabled", "false");
    expect((await pair.get(FAST_QUERY_PATHS.switches)).etag).toBe(before.etag);
  });

  it("should answer a stranger's places, bare and per event, with stock tRPC's bytes, and 304 to their ETags", async () => {
    for (const url of [FAST_QUERY_PATHS.locations, eventUrl("banquete")]) {
      const { fast, stock } = await pair.both(url);
      expect(fast.status).toBe(200);
      expect(fast.body).toBe(stock.body);
      expect(fast.etag).toMatch(/^W\/"[\w-]{27}"$/);
      expect(fast.body).not.toContain("casa-familia");
      expect((await pair.get(url, { "if-none-match": String(fast.etag) })).status).toBe(304);
    }
  });

  it("should give a signed-in household its own places, as tRPC does", async () => {
    const authorization = await pair.signedIn({
      householdKey: lopez.key,
      tags: lopez.tags,
      codeIssuedAt: lopez.codeIssuedAt,
    });
    const stranger = await pair.get(FAST_QUERY_PATHS.locations);
    for (const url of [FAST_QUERY_PATHS.locations, eventUrl("cena-ensayo")]) {
      const { fast, stock } = await pair.both(url, { authorization });
      expect(fast.status).toBe(200);
      expect(fast.body).toBe(stock.body);
      expect(fast.body).toContain("casa-familia");
      expect(fast.etag).not.toBe(stranger.etag);
    }
    // A refused session is refused as tRPC refuses it.
    const refused = await pair.both(FAST_QUERY_PATHS.locations, { authorization: "Bearer not-a-token" });
    expect(refused.fast.status).toBe(401);
    expect(refused.fast).toEqual(refused.stock);
  });

  it("should leave an unknown event and malformed input to tRPC, with its own errors", async () => {
    const cases = [
      { url: eventUrl("no-existe"), status: 404 },
      // On the program, but only for family: a stranger is told it is not there.
      { url: eventUrl("cena-ensayo"), status: 404 },
      { url: `${FAST_QUERY_PATHS.locations}?input=%7Bnot-json`, status: 400 },
      { url: eventUrl("Ceremonia Civil"), status: 400 },
      { url: `${FAST_QUERY_PATHS.locations}?input=${encodeURIComponent('{"eventId":"banquete","x":1}')}`, status: 400 },
    ];
    for (const { url, status } of cases) {
      const { fast, stock } = await pair.both(url);
      expect(fast.status, url).toBe(status);
      expect(fast, url).toEqual(stock);
    }
    const notFound = JSON.parse((await pair.get(eventUrl("no-existe"))).body);
    expect(notFound.error.message).toBe('There is no event "no-existe" on the program.');
    const invalid = JSON.parse((await pair.get(eventUrl("Ceremonia Civil"))).body);
    expect(invalid.error.data.issues[0].path).toBe("eventId");
  });

  it("should change the places' ETags when the couple publishes", async () => {
    const urls = [FAST_QUERY_PATHS.locations, eventUrl("banquete")];
    const before = await Promise.all(urls.map((url) => pair.get(url)));
    const content = exampleContent();
    for (const location of content.locations) location.address = `${location.address} (nueva dirección)`;
    await publishContent(pair.db.firestore, content, 4);
    // The Firestore listener brings the new version; nothing is answered from it before then.
    await expect.poll(async () => (await pair.bff.services.content.current())?.version).toBe(4);
    for (const [index, url] of urls.entries()) {
      const after = await pair.get(url, { "if-none-match": String(before[index]?.etag) });
      expect(after.status).toBe(200);
      expect(after.etag).not.toBe(before[index]?.etag);
      expect(after.body).toContain("(nueva dirección)");
      expect(after.body).toBe((await pair.both(url)).stock.body);
    }
    // The switches do not follow the content: their ETag stays.
    const config = await pair.get(FAST_QUERY_PATHS.switches);
    expect((await pair.get(FAST_QUERY_PATHS.switches, { "if-none-match": String(config.etag) })).status).toBe(304);
  });
});
