// The query fast path answers exactly as stock tRPC would, for every audience and every failure, and follows
// publishes, switches and tags; with ETags, 304s and pre-compressed bodies. No emulators: in-memory services (the
// same over real HTTP, with real sessions and the real mirrors: query-fast-path.http.test.ts).
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import type { Household } from "../contract/household";
import { UnavailableError } from "../errors";
import { exampleContent } from "../test/emulators";
import { createInMemoryServices, type InMemoryOptions } from "../test/in-memory-services";
import { testHousehold } from "../test/services";
import { FAST_QUERY_PATHS, matchesIfNoneMatch, negotiateEncoding } from "./query-fast-path";

const CONTENT_PATH = FAST_QUERY_PATHS.content;

const family = testHousehold("fam", { tags: ["familia"] });
const friends = testHousehold("ami", { tags: ["amigos"] });

const opened: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

/** The same in-memory BFF behind two servers: one with the fast path (the default), one with stock tRPC only. */
async function servers(options: Partial<InMemoryOptions> = {}) {
  const bff = createInMemoryServices({ content: exampleContent(), households: [family, friends], ...options });
  const build = (queryFastPath: boolean) =>
    buildServer({
      services: bff.services,
      resolveViewer: bff.viewerForToken,
      checkFirestore: async () => {},
      queryFastPath,
    });
  const [fast, stock] = await Promise.all([build(true), build(false)]);
  opened.push(fast, stock);
  return { bff, fast, stock };
}

function get(app: FastifyInstance, headers: Record<string, string> = {}, url: string = CONTENT_PATH) {
  return app.inject({ method: "GET", url, headers });
}

/** What a client can observe, minus the per-request id (checked separately) and the fast path's cache headers. */
function observable(response: LightMyRequestResponse) {
  return {
    status: response.statusCode,
    contentType: response.headers["content-type"],
    retryAfter: response.headers["retry-after"],
    body: response.body,
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("content fast path", () => {
  it("should answer every audience with the bytes stock tRPC sends", async () => {
    for (const visibility of ["nothing", "basics", "everything"] as const) {
      const { bff, fast, stock } = await servers({ switches: { stranger_visibility: visibility } });
      const viewers: Array<Record<string, string>> = [
        {},
        bearer(bff.tokenFor(family)),
        bearer(bff.tokenFor(friends)),
        bearer(bff.tokenFor("couple")),
      ];
      for (const headers of viewers) {
        const [fromFast, fromStock] = await Promise.all([get(fast, headers), get(stock, headers)]);
        expect(observable(fromFast)).toEqual(observable(fromStock));
        expect(fromFast.statusCode).toBe(200);
        // Proof that the fast path, not tRPC, answered.
        expect(fromFast.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
        expect(fromStock.headers.etag).toBeUndefined();
        expect(fromFast.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
  });

  it("should give each audience its own body and ETag (the same bytes, the same ETag)", async () => {
    const { bff, fast } = await servers();
    const [stranger, forFamily, forFriends, forCouple] = await Promise.all(
      [{}, bearer(bff.tokenFor(family)), bearer(bff.tokenFor(friends)), bearer(bff.tokenFor("couple"))].map((headers) =>
        get(fast, headers),
      ),
    );
    const responses = [stranger, forFamily, forFriends];
    expect(new Set(responses.map((response) => response?.headers.etag)).size).toBe(3);
    expect(new Set(responses.map((response) => response?.body)).size).toBe(3);
    // The example's only tagged event is the family's, so the couple and the family see the same program.
    expect(forCouple?.body === forFamily?.body).toBe(forCouple?.headers.etag === forFamily?.headers.etag);
    expect(stranger?.headers["cache-control"]).toBe("no-cache");
    expect(forFamily?.headers["cache-control"]).toBe("private, no-cache");
  });

  it("should answer refused sessions, an unpublished site and an unavailable cache exactly as tRPC does", async () => {
    const { bff, fast, stock } = await servers();
    const [badFast, badStock] = await Promise.all([get(fast, bearer("forged")), get(stock, bearer("forged"))]);
    expect(badFast.statusCode).toBe(401);
    expect(observable(badFast)).toEqual(observable(badStock));

    // The content listener is down: every read of the cache fails until it recovers.
    const current = bff.services.content.current;
    bff.services.content.current = () => Promise.reject(new UnavailableError("The wedding content is not loaded."));
    const [downFast, downStock] = await Promise.all([get(fast), get(stock)]);
    bff.services.content.current = current;
    expect(downFast.statusCode).toBe(503);
    expect(downFast.headers["retry-after"]).toBe("5");
    expect(observable(downFast)).toEqual(observable(downStock));

    bff.publish(null);
    const [noneFast, noneStock] = await Promise.all([get(fast), get(stock)]);
    expect(noneFast.statusCode).toBe(404);
    expect(observable(noneFast)).toEqual(observable(noneStock));
    expect(noneFast.headers.etag).toBeUndefined();
  });

  it("should leave the answer to tRPC while the content listener is not up to date", async () => {
    const { bff, fast } = await servers();
    bff.services.content.health = () => ({ ready: false, reason: "listener failed; re-subscribing" });
    const response = await get(fast);
    // tRPC serves the last good copy, without the fast path's ETag.
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeUndefined();
  });

  it("should leave batched calls and calls with an input to tRPC", async () => {
    const { fast, stock } = await servers();
    for (const url of [`${CONTENT_PATH}?batch=1&input=%7B%7D`, `${CONTENT_PATH}?input=%7B%7D`]) {
      const [fromFast, fromStock] = await Promise.all([get(fast, {}, url), get(stock, {}, url)]);
      expect(observable(fromFast)).toEqual(observable(fromStock));
      expect(fromFast.headers.etag).toBeUndefined();
    }
    const bare = await get(fast);
    expect((await get(fast, {}, `${CONTENT_PATH}?input=%7B%7D`)).body).toBe(bare.body);
  });

  it("should answer 304 to a matching If-None-Match and the new body after a publish", async () => {
    const { bff, fast } = await servers();
    const first = await get(fast);
    const etag = String(first.headers.etag);

    const revalidated = await get(fast, { "if-none-match": etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(fast, { "if-none-match": `"other", ${etag.replace("W/", "")}` })).statusCode).toBe(304);
    expect((await get(fast, { "if-none-match": '"other"' })).statusCode).toBe(200);

    const content = exampleContent();
    content.hero.title = { es: "¡Cambio de planes!", en: "Change of plans!" };
    bff.publish(content);
    const after = await get(fast, { "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).toContain("¡Cambio de planes!");
    expect(after.body).not.toBe(first.body);
  });

  it("should follow the stranger_visibility switch and a household's tags", async () => {
    const household: Household = testHousehold("mut", { tags: ["amigos"] });
    const { bff, fast, stock } = await servers({ households: [household] });
    const before = await get(fast);
    bff.setSwitches({ stranger_visibility: "everything" });
    const after = await get(fast);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toBe((await get(stock)).body);

    const token = bearer(bff.tokenFor(household));
    const asFriend = await get(fast, token);
    expect(asFriend.body).not.toContain("cena-ensayo");
    // The guest list's new record for this household (what the Firestore mirror would hand out after `seed invites`).
    household.tags = ["familia"];
    const asFamily = await get(fast, token);
    expect(asFamily.body).toContain("cena-ensayo");
    expect(asFamily.headers.etag).not.toBe(asFriend.headers.etag);
    expect(asFamily.body).toBe((await get(stock, token)).body);
  });

  it("should send the pre-compressed body the request accepts", async () => {
    const { fast, stock } = await servers({ switches: { stranger_visibility: "everything" } });
    const plain = await get(fast);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await get(fast, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await get(fast, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // Stock tRPC compresses per request; the decoded bytes are the same.
    const stockBr = await get(stock, { "accept-encoding": "br" });
    expect(brotliDecompressSync(stockBr.rawPayload).toString()).toBe(plain.body);
  });

  it("should send a view too small to be worth compressing as it is, like the compression plugin", async () => {
    const { fast } = await servers({ switches: { stranger_visibility: "nothing" } });
    const small = await get(fast, { "accept-encoding": "br" });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});

/** `locations.list` for one event, as the page's link writes it. */
const eventUrl = (eventId: string) =>
  `${FAST_QUERY_PATHS.locations}?input=${encodeURIComponent(JSON.stringify({ eventId }))}`;

describe("locations and switches fast path", () => {
  it("should answer the places, bare and per event, with the bytes stock tRPC sends to every audience", async () => {
    for (const visibility of ["nothing", "basics", "everything"] as const) {
      const { bff, fast, stock } = await servers({ switches: { stranger_visibility: visibility } });
      for (const headers of [{}, bearer(bff.tokenFor(family)), bearer(bff.tokenFor("couple"))]) {
        for (const url of [FAST_QUERY_PATHS.locations, eventUrl("banquete")]) {
          const [fromFast, fromStock] = await Promise.all([get(fast, headers, url), get(stock, headers, url)]);
          expect(observable(fromFast)).toEqual(observable(fromStock));
          // A stranger who may see nothing has no program: the event is not on it, and tRPC says so.
          if (fromStock.statusCode === 200) expect(fromFast.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
          else expect(fromFast.headers.etag).toBeUndefined();
        }
      }
    }
  });

  it("should give a household the place of its own event, and a stranger tRPC's NOT_FOUND for it", async () => {
    const { bff, fast, stock } = await servers();
    const forFamily = await get(fast, bearer(bff.tokenFor(family)), eventUrl("cena-ensayo"));
    expect(forFamily.statusCode).toBe(200);
    expect(forFamily.headers["cache-control"]).toBe("private, no-cache");
    expect(forFamily.body).toBe((await get(stock, bearer(bff.tokenFor(family)), eventUrl("cena-ensayo"))).body);
    const [forStranger, fromStock] = await Promise.all([
      get(fast, {}, eventUrl("cena-ensayo")),
      get(stock, {}, eventUrl("cena-ensayo")),
    ]);
    expect(forStranger.statusCode).toBe(404);
    expect(observable(forStranger)).toEqual(observable(fromStock));
  });

  it("should leave inputs it does not prepare to tRPC: malformed, invalid, other spellings, batches", async () => {
    const { fast, stock } = await servers();
    const urls = [
      `${FAST_QUERY_PATHS.locations}?input=%7Bnot-json`,
      `${FAST_QUERY_PATHS.locations}?input=${encodeURIComponent(JSON.stringify({ eventId: "Ceremonia Civil" }))}`,
      `${FAST_QUERY_PATHS.locations}?input=${encodeURIComponent(JSON.stringify({ eventId: "banquete", more: 1 }))}`,
      `${FAST_QUERY_PATHS.locations}?input=%7B%7D`,
      `${FAST_QUERY_PATHS.locations}?input=${encodeURIComponent('{ "eventId": "banquete" }')}`,
      `${eventUrl("banquete")}&x=1`,
      `${FAST_QUERY_PATHS.locations}?batch=1&input=%7B%7D`,
      `${FAST_QUERY_PATHS.switches}?input=%7B%7D`,
      `${FAST_QUERY_PATHS.switches}?batch=1&input=%7B%7D`,
    ];
    for (const url of urls) {
      const [fromFast, fromStock] = await Promise.all([get(fast, {}, url), get(stock, {}, url)]);
      expect(observable(fromFast), url).toEqual(observable(fromStock));
      expect(fromFast.headers.etag, url).toBeUndefined();
    }
    // The malformed and the invalid input get tRPC's own 400, naming the rule.
    expect((await get(fast, {}, urls[0])).statusCode).toBe(400);
    expect(JSON.parse((await get(fast, {}, urls[1])).body).error.data.issues[0].path).toBe("eventId");
  });

  it("should answer the switches the same, as stock tRPC does, whatever sign-in comes with them", async () => {
    const { bff, fast, stock } = await servers();
    const answers = await Promise.all(
      [{}, bearer(bff.tokenFor(family)), bearer("forged")].flatMap((headers) => [
        get(fast, headers, FAST_QUERY_PATHS.switches),
        get(stock, headers, FAST_QUERY_PATHS.switches),
      ]),
    );
    for (const answer of answers) expect(observable(answer)).toEqual(observable(answers[1] as LightMyRequestResponse));
    const fastOnes = answers.filter((_, index) => index % 2 === 0);
    expect(new Set(fastOnes.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(fastOnes[0]?.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    // The same for everyone: cacheable by any cache that revalidates, and not varying by sign-in.
    for (const answer of fastOnes) {
      expect(answer.headers["cache-control"]).toBe("no-cache");
      expect(answer.headers.vary).not.toContain("authorization");
    }
  });

  it("should follow the switches: a change is a new body and ETag, a revisit before it a 304", async () => {
    const { bff, fast, stock } = await servers();
    const before = await get(fast, {}, FAST_QUERY_PATHS.switches);
    const etag = String(before.headers.etag);
    expect((await get(fast, { "if-none-match": etag }, FAST_QUERY_PATHS.switches)).statusCode).toBe(304);
    // Content publishes leave the switches' bytes alone.
    bff.publish(exampleContent());
    expect((await get(fast, { "if-none-match": etag }, FAST_QUERY_PATHS.switches)).statusCode).toBe(304);

    bff.setSwitches({ site_phase: "day-of" });
    const after = await get(fast, { "if-none-match": etag }, FAST_QUERY_PATHS.switches);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(JSON.parse(after.body).result.data.phase).toBe("day-of");
    expect(after.body).toBe((await get(stock, {}, FAST_QUERY_PATHS.switches)).body);
  });

  it("should follow a publish for the places, bare and per event", async () => {
    const { bff, fast, stock } = await servers();
    const bare = await get(fast, {}, FAST_QUERY_PATHS.locations);
    const oneEvent = await get(fast, {}, eventUrl("banquete"));
    for (const [url, first] of [
      [FAST_QUERY_PATHS.locations, bare],
      [eventUrl("banquete"), oneEvent],
    ] as const) {
      expect((await get(fast, { "if-none-match": String(first.headers.etag) }, url)).statusCode).toBe(304);
    }
    const content = exampleContent();
    for (const location of content.locations) location.name = `${location.name} (nuevo)`;
    bff.publish(content);
    for (const [url, first] of [
      [FAST_QUERY_PATHS.locations, bare],
      [eventUrl("banquete"), oneEvent],
    ] as const) {
      const after = await get(fast, { "if-none-match": String(first.headers.etag) }, url);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect(after.body).toContain("(nuevo)");
      expect(after.body).toBe((await get(stock, {}, url)).body);
    }
  });

  it("should leave the places to tRPC while the content listener is not up to date, but not the switches", async () => {
    const { bff, fast } = await servers();
    bff.services.content.health = () => ({ ready: false, reason: "listener failed; re-subscribing" });
    const locations = await get(fast, {}, FAST_QUERY_PATHS.locations);
    expect(locations.statusCode).toBe(200);
    expect(locations.headers.etag).toBeUndefined();
    expect((await get(fast, {}, FAST_QUERY_PATHS.switches)).headers.etag).toBeDefined();
  });
});

describe("negotiateEncoding", () => {
  it("should prefer br, then gzip, honour q=0, and send none when nothing fits", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("deflate")).toBeUndefined();
    expect(negotiateEncoding("identity")).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
});

describe("matchesIfNoneMatch", () => {
  it("should compare weakly, accept lists and *", () => {
    expect(matchesIfNoneMatch('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch("*", 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, 'W/"abc"')).toBe(false);
  });
});
