// The client's address behind Google's front end, over real HTTP with forged X-Forwarded-For headers: a caller
// rewriting the left of the header, or walking the low 64 bits of an IPv6 address, is still one caller to the limits.
// (The BFF is configured as on Cloud Run: TRUST_PROXY=true, Google's chain.)
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import { exampleContent } from "../test/emulators";
import { checkRefusal } from "../test/hardening-ledger";
import { createInMemoryServices } from "../test/in-memory-services";
import { testHousehold } from "../test/services";
import { GOOGLE_CHAIN } from "./client-address";

/** Well-formed codes nobody holds: each one is really looked up, and counts against the caller. */
const wrongCode = (n: number) => `WXYZWXYZWXYZ${String(2000 + n).replace(/[01]/g, "2")}`;

async function redeem(base: string, code: string, forwardedFor: string) {
  const response = await fetch(`${base}/trpc/invitations.redeem`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ code }),
  });
  const body = (await response.json()) as { error?: { data?: { reason?: string } } };
  return { status: response.status, reason: body.error?.data?.reason, retryAfter: response.headers.get("retry-after") };
}

describe("the client's address behind Google's front end", () => {
  let app: FastifyInstance;
  let base: string;
  const garcia = testHousehold("garcia-edge");
  beforeAll(async () => {
    const bff = createInMemoryServices({ content: exampleContent(), households: [garcia] });
    app = await buildServer({
      services: bff.services,
      resolveViewer: bff.viewerForToken,
      checkFirestore: async () => {},
      proxyTrust: GOOGLE_CHAIN,
    });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app.close();
  });

  /** 30 wrong codes; `header(n)` is the n-th request's X-Forwarded-For. The statuses, in order. */
  async function guess(header: (n: number) => string) {
    const answers = [];
    for (let n = 0; n < 30; n += 1) answers.push(await redeem(base, wrongCode(n), header(n)));
    return answers;
  }

  it("should not reset the per-address limit when the left-most entry changes and the tail Hosting wrote stays", async () => {
    // Through Hosting: <what the caller wrote>, <the guest Hosting saw>, <Hosting, appended by the front end>.
    const answers = await guess((n) => `198.51.100.${n + 1}, 203.0.113.7, 35.191.8.20`);
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(404));
    const eleventh = answers[10];
    checkRefusal({
      who: "a guesser behind Firebase Hosting",
      what: "the 11th wrong invitation code, each with a new left-most X-Forwarded-For entry",
      expected: "429 too-many-attempts",
      answer: `${eleventh?.status} ${eleventh?.reason}`,
    });
    expect(Number(eleventh?.retryAfter)).toBeGreaterThan(0);
    expect(answers.slice(10).every((answer) => answer.status === 429)).toBe(true);
  });

  it("should not reset it on a direct call to the run.app URL either, whatever the caller writes", async () => {
    // Direct: <what the caller wrote>, <the caller, appended by the front end>. Writing a Google address changes nothing.
    const answers = await guess((n) => `198.51.100.${n + 1}, 35.191.0.${n + 1}, 203.0.113.8`);
    checkRefusal({
      who: "a guesser calling the run.app URL directly",
      what: "the 11th wrong invitation code, with a forged X-Forwarded-For ending in a Google front-end address",
      expected: "429 too-many-attempts",
      answer: `${answers[10]?.status} ${answers[10]?.reason}`,
    });
    expect(answers.slice(0, 10).every((answer) => answer.status === 404)).toBe(true);
  });

  it("should count an IPv6 caller by its /64, however it rotates the low 64 bits", async () => {
    const answers = await guess(
      (n) => `2001:db8:5:6:${n.toString(16)}:${((n * 7919) & 0xffff).toString(16)}::1, 35.191.8.20`,
    );
    checkRefusal({
      who: "an IPv6 guesser rotating the interface half of its address",
      what: "the 11th wrong invitation code, each from a new address in one /64",
      expected: "429 too-many-attempts",
      answer: `${answers[10]?.status} ${answers[10]?.reason}`,
    });
    expect(answers.slice(0, 10).every((answer) => answer.status === 404)).toBe(true);
  });

  it("should still let another guest in, from another address, meanwhile", async () => {
    expect((await redeem(base, garcia.code, "198.51.100.1, 203.0.113.99, 35.191.8.20")).status).toBe(200);
    expect((await redeem(base, wrongCode(1), "2001:db8:5:7::1")).status).toBe(404);
  });
});
