// Guessing invitation codes is futile, shown over real HTTP, the path a guessing bot takes: a crowd of addresses
// guessing together is held to the overall limit, look-alike characters never sign anyone in, and the answer's
// timing does not tell a replaced code from one that never existed. (One address guessing: invitation-sign-in.)
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RedeemLimits } from "./auth/invite-redeemer";
import { buildServer } from "./build-server";
import { call, type TrpcAnswer } from "./client/trpc-over-http";
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from "./contract/invite-code";
import { type LimitStore, memoryLimitStore } from "./limits/shared-limits";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "./test/emulators";
import { appendToLedger } from "./test/hardening-ledger";
import { storeHousehold, testBff, testHousehold } from "./test/services";
import { compareTimings, TIMING_LEAK_T } from "./test/timing";

/** Every Latin capital of this code has a twin in Cyrillic or Greek. */
const GARCIA_CODE = "ABCEHKMNPTXYZ234";
const TWINS: Record<string, string> = {
  A: "АΑ",
  B: "ВΒ",
  C: "С",
  E: "ЕΕ",
  H: "НΗ",
  K: "КΚ",
  M: "МΜ",
  N: "Ν",
  P: "РΡ",
  T: "ТΤ",
  X: "ХΧ",
  Y: "Υ",
  Z: "Ζ",
};
/** The n-th code a guesser might try: well-formed, so each one is really looked up. */
const wellFormedGuess = (n: number) =>
  [...n.toString(INVITE_CODE_ALPHABET.length).padStart(INVITE_CODE_LENGTH, "0")]
    .map((digit) => INVITE_CODE_ALPHABET[Number.parseInt(digit, INVITE_CODE_ALPHABET.length)])
    .join("");

/** Left out of the alphabet because they look like other characters; a guest may still type them. */
const EXCLUDED = ["0", "O", "1", "I", "L", "U", "V"];

describe("guessing invitation codes under attack", () => {
  let db: TestFirestore;
  const garcia = testHousehold("garcia-guess", { code: GARCIA_CODE });
  const ruizBefore = testHousehold("ruiz-guess");
  const ruiz = testHousehold("ruiz-guess", { codeIssuedAt: "2026-11-01T10:00:00.000Z" });
  const servers: FastifyInstance[] = [];

  /** A BFF over this file's Firestore with the given limits on redeeming; its address. */
  async function startBff(redeemLimits: RedeemLimits, limitStore?: LimitStore): Promise<string> {
    const bff = testBff(db, { redeemLimits, limitStore });
    const app = await buildServer({ ...bff, checkFirestore: async () => {} });
    servers.push(app);
    const base = await app.listen({ host: "127.0.0.1", port: 0 });
    // Ready once the guest list holds the replaced code's successor.
    await vi.waitFor(async () => expect(await bff.services.households.byCode(ruiz.code)).toBeDefined());
    return base;
  }

  const redeem = (base: string, code: string, from: string) =>
    call(base, "invitations.redeem", { mutation: true, input: { code }, from });

  beforeAll(async () => {
    db = isolatedFirestore("guessing");
    await publishContent(db.firestore, exampleContent(), 1);
    await storeHousehold(db.firestore, garcia);
    // The couple replaced Ruiz's code (`seed invites --rotate`): the old one must now be worth nothing.
    await storeHousehold(db.firestore, ruizBefore);
    await storeHousehold(db.firestore, ruiz);
  });
  /** For the report at the end of `pnpm test`. */
  const recorded: Record<string, number> = {};
  afterAll(async () => {
    appendToLedger("code-guessing", recorded);
    for (const server of servers) await server.close();
    await db.close();
  });

  it("should hold 40 addresses guessing at once to the overall limit, and refuse the rest with Retry-After", async () => {
    const base = await startBff({
      perAddress: { attempts: 10, windowSeconds: 600 },
      global: { attempts: 200, windowSeconds: 600 },
    });
    // A signed-in household is not affected by the flood: its session needs no redeeming.
    const before = await redeem(base, garcia.code, "127.0.1.250");
    expect(before.status).toBe(200);

    const guesses = Array.from({ length: 40 }, (_, address) =>
      Array.from({ length: 10 }, (_, attempt) =>
        redeem(base, wellFormedGuess(address * 10 + attempt), `127.0.1.${address + 1}`),
      ),
    ).flat();
    const answers = await Promise.all(guesses);
    const count = (status: number) => answers.filter((answer) => answer.status === status).length;
    // Each address stayed within its own 10; together they looked up 200 codes (the guest's success cost nothing).
    expect(count(404)).toBe(200);
    expect(count(429)).toBe(200);
    expect(answers.every((answer) => answer.status === 404 || answer.status === 429)).toBe(true);
    const refused = answers.find((answer) => answer.status === 429) as TrpcAnswer;
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.body.error?.data.reason).toBe("too-many-attempts");
    recorded.crowdAddresses = 40;
    recorded.crowdGuesses = answers.length;
    recorded.crowdLookups = count(404);
  });

  describe("with the limits lifted, to look at every answer", () => {
    const unlimited: RedeemLimits = {
      perAddress: { attempts: 1_000_000, windowSeconds: 1 },
      global: { attempts: 1_000_000, windowSeconds: 1 },
    };
    let base: string;
    beforeAll(async () => {
      // Counted in memory: thousands of timed guesses need no shared count, and both codes compared pay the same.
      base = await startBff(unlimited, memoryLimitStore());
    });

    it("should never let a look-alike of a real code in, and refuse it as malformed", async () => {
      const guesses: string[] = [];
      [...GARCIA_CODE].forEach((char, position) => {
        for (const twin of [...(TWINS[char] ?? ""), ...EXCLUDED]) {
          guesses.push(GARCIA_CODE.slice(0, position) + twin + GARCIA_CODE.slice(position + 1));
        }
      });
      expect(guesses).toHaveLength(GARCIA_CODE.length * EXCLUDED.length + Object.values(TWINS).join("").length);
      for (const guess of guesses) {
        const answer = await redeem(base, guess, "127.0.2.1");
        expect({ guess, status: answer.status, reason: answer.body.error?.data.reason }).toEqual({
          guess,
          status: 400,
          reason: "malformed-code",
        });
      }
      recorded.lookAlikes = guesses.length;
    });

    it("should let the real code in however a phone typed or a chat app copied it", async () => {
      for (const typed of [
        "abce-hkmn-ptxy-z234",
        "ＡＢＣＥ－ＨＫＭＮ－ＰＴＸＹ－Ｚ２３４",
        "ABCE–HKMN–PTXY–Z234",
        "\u200BABCE HKMN\u200DPTXY Z234\u2060",
      ]) {
        expect({ typed, status: (await redeem(base, typed, "127.0.2.2")).status }).toEqual({ typed, status: 200 });
      }
    });

    it("should refuse a replaced code exactly as an unknown one, in the same time", async () => {
      const unknown = () => redeem(base, "WXYZWXYZWXYZWXYZ", "127.0.2.3");
      const replaced = () => redeem(base, ruizBefore.code, "127.0.2.3");
      const [a, b] = await Promise.all([unknown(), replaced()]);
      expect(b.status).toBe(404);
      expect({ status: b.status, error: b.body.error }).toEqual({ status: a.status, error: a.body.error });

      const sameAnswer = await compareTimings(unknown, replaced, 1500);
      expect(Math.abs(sameAnswer.t), JSON.stringify(sameAnswer)).toBeLessThan(TIMING_LEAK_T);
      recorded.timingT = Math.abs(sameAnswer.t);
      recorded.timingSamples = sameAnswer.samples;
    }, 60_000);

    it("should see the difference when there is one (the measurement is able to fail)", async () => {
      // A real code is answered with a signed token: a different path, which the same measurement must notice.
      const signIn = () => redeem(base, garcia.code, "127.0.2.4");
      const unknown = () => redeem(base, "WXYZWXYZWXYZWXYZ", "127.0.2.4");
      const different = await compareTimings(signIn, unknown, 600);
      expect(Math.abs(different.t), JSON.stringify(different)).toBeGreaterThan(TIMING_LEAK_T);
    }, 60_000);
  });
});
