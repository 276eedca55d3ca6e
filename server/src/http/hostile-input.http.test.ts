// Random and hostile payloads thrown at every query and mutation over real HTTP, as a stranger and as a signed-in
// guest: the BFF never answers 5xx, every refusal says what was wrong, nothing is written, and no prototype is
// polluted. (The live subscription is left out: a valid input opens a stream, which is tested in live.http.test.ts.)
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import { appRouter } from "../routers/_app";
import { exampleContent } from "../test/emulators";
import { recordHardeningCounts } from "../test/hardening-counts";
import { createInMemoryServices } from "../test/in-memory-services";
import { testHousehold } from "../test/services";

const household = testHousehold("garcia-lopez");
const RUNS_PER_PROCEDURE = 60;

type Kind = "query" | "mutation";
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
  .filter(([, procedure]) => procedure._def.type !== "subscription")
  .map(([path, procedure]) => ({ path, kind: procedure._def.type as Kind }));

/** `{"a":{"a":…}}` nested `depth` times, built as text (a literal that deep would overflow the test's own stack). */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

/** A payload's JSON text: random values, odd Unicode, prototype keys, numbers as strings, huge and deep ones. */
const hostileJson: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ unit: "binary", maxLength: 300 }).map((text) => JSON.stringify(text)),
  fc
    .record({
      code: fc.oneof(fc.string({ unit: "binary" }), fc.integer().map(String), fc.constant("ABCD-EFGH-JKMN-PQRS")),
      message: fc.oneof(fc.string({ unit: "grapheme", maxLength: 400 }), fc.constant("\u202e\u0000\u200b")),
      eventId: fc.oneof(fc.string(), fc.constant("../../etc/passwd"), fc.constant("ceremonia")),
      revision: fc.oneof(fc.integer().map(String), fc.double(), fc.constant(-1)),
      members: fc.oneof(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }), fc.constant("all")),
    })
    .map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"code":{"__proto__":{"polluted":true}},"message":["x"]}',
    '{"message":"x","language":"es","__proto__":{"isAdmin":true}}',
  ),
  fc.integer({ min: 500, max: 5000 }).map(nested),
  fc.integer({ min: 1, max: 4 }).map((scale) => JSON.stringify({ message: "x".repeat(scale * 30_000) })),
);

describe("hostile input at every procedure", () => {
  const bff = createInMemoryServices({
    content: exampleContent(),
    households: [household],
    switches: { guestbook_enabled: true },
  });
  let app: FastifyInstance;
  let base: string;
  let tried = 0;
  /** Writes the BFF accepted (a random payload can, rarely, be a valid one): exactly these may be stored. */
  const accepted: Record<string, number> = {};

  beforeAll(async () => {
    app = await buildServer({
      services: bff.services,
      resolveViewer: bff.viewerForToken,
      checkFirestore: async () => {},
    });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app.close();
  });

  async function send(path: string, kind: Kind, json: string, token?: string) {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const response =
      kind === "mutation"
        ? await fetch(`${base}/trpc/${path}`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: json,
          })
        : await fetch(`${base}/trpc/${path}?input=${encodeURIComponent(json)}`, { headers });
    tried += 1;
    if (response.ok) accepted[path] = (accepted[path] ?? 0) + 1;
    return { status: response.status, body: await response.text() };
  }

  it("should list the procedures it attacks", () => {
    expect(procedures.map(({ path }) => path)).toEqual(
      expect.arrayContaining(["invitations.redeem", "rsvp.submit", "guestbook.post", "site.content"]),
    );
  });

  for (const { path, kind } of procedures) {
    for (const who of ["a stranger", "a guest"] as const) {
      it(`should answer ${path} from ${who} with a 2xx or an explained 4xx, never a 5xx`, async () => {
        const token = who === "a guest" ? bff.tokenFor(household) : undefined;
        await fc.assert(
          fc.asyncProperty(hostileJson, async (json) => {
            const { status, body } = await send(path, kind, json, token);
            expect(status, `${path} answered ${status} to ${json.slice(0, 200)}: ${body.slice(0, 300)}`).toBeLessThan(
              500,
            );
            if (status >= 400) expect(body).toMatch(/"message"|"error"/);
          }),
          { numRuns: RUNS_PER_PROCEDURE },
        );
      }, 60_000);
    }
  }

  it("should have written nothing and polluted no prototype", async () => {
    // A malformed answer is refused whole: only what was accepted is stored.
    expect(await bff.services.rsvps.all()).toHaveLength(Math.min(1, accepted["rsvp.submit"] ?? 0));
    expect(bff.services.live.current().guestbook).toHaveLength(accepted["guestbook.post"] ?? 0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(tried).toBeGreaterThanOrEqual(procedures.length * 2 * RUNS_PER_PROCEDURE);
    recordHardeningCounts("bad-inputs", { badInputs: tried });
  });
});
