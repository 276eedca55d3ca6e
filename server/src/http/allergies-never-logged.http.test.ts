// Allergies and dietary notes go to the caterer's export and nowhere else: not into the BFF's log lines, whatever
// happens to the answer. A household sends one with a distinctive note over real HTTP — saved, refused as stale,
// refused as malformed, and failing inside the BFF — while every line the BFF logs (at every level, every request
// logged as slow) is captured; none may contain the note.
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import { idTokenFor } from "../client/emulator-id-token";
import { call } from "../client/trpc-over-http";
import type { RsvpInput } from "../contract/rsvp";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "../test/emulators";
import { createInMemoryServices } from "../test/in-memory-services";
import { storeHousehold, testBff, testHousehold } from "../test/services";

const ALLERGY = "alergia-al-pulpo-9c4e";
const BEFORE_DEADLINE = new Date("2027-04-30T10:00:00Z");
const allYes = { "cena-ensayo": true, ceremonia: true, banquete: true, fiesta: true };

function answer(overrides: Partial<RsvpInput> = {}, dietaryNotes = `${ALLERGY}, también el marisco`): RsvpInput {
  return {
    people: [
      { personId: "carmen", attending: allYes, mealId: "pescado", dietary: ["shellfish-allergy"], dietaryNotes },
      { personId: "antonio", attending: allYes, mealId: "carne", dietary: [] },
      { personId: "pablo", attending: allYes, mealId: "infantil", dietary: [] },
      { personId: "plus-1", name: "Lucas", child: true, attending: allYes, mealId: "infantil", dietary: [] },
    ],
    answers: {},
    expectedRevision: 0,
    ...overrides,
  };
}

/** A logger writing every level into `lines`, as production's pino would write them to stdout. */
function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: "trace" }, { write: (line: string) => void lines.push(line) });
  return { lines, logger };
}

function tokenOf(redeemed: Awaited<ReturnType<typeof call>>): string {
  const data = redeemed.body.result?.data as { token?: string } | undefined;
  if (!data?.token) throw new Error(`no token in ${JSON.stringify(redeemed.body)}`);
  return data.token;
}

describe("an answer's allergies in the BFF's logs", () => {
  const household = testHousehold("alergias-log", { tags: ["familia"] });

  describe("with the real services on the emulators", () => {
    let db: TestFirestore;
    let bff: ReturnType<typeof testBff>;
    let app: FastifyInstance;
    let base: string;
    let token = "";
    const { lines, logger } = capturingLogger();

    beforeAll(async () => {
      db = isolatedFirestore("allergy-log");
      await publishContent(db.firestore, exampleContent(), 1);
      await storeHousehold(db.firestore, household);
      bff = testBff(db, { now: () => BEFORE_DEADLINE, log: logger });
      app = await buildServer({ ...bff, checkFirestore: async () => {}, logger, slowRequestMs: 0 });
      base = await app.listen({ host: "127.0.0.1", port: 0 });
      const redeemed = await call(base, "invitations.redeem", { mutation: true, input: { code: household.code } });
      token = await idTokenFor(tokenOf(redeemed));
    });
    afterAll(async () => {
      await app.close();
      await db.close();
    });

    it("should save the answer, refuse a stale and a malformed one, and log none of the note", async () => {
      const saved = await call(base, "rsvp.submit", { mutation: true, token, input: answer() });
      expect(saved.status).toBe(200);
      const stale = await call(base, "rsvp.submit", { mutation: true, token, input: answer() });
      expect(stale.status).toBe(409);
      expect(stale.body.error?.data.reason).toBe("answer-changed");
      const malformed = await call(base, "rsvp.submit", {
        mutation: true,
        token,
        input: answer({ expectedRevision: 1 }, `${ALLERGY}\u0007${"x".repeat(400)}`),
      });
      expect(malformed.status).toBe(400);

      // Every request was logged (as slow, threshold 0) and the refusals too: the check below reads real lines.
      expect(lines.length).toBeGreaterThanOrEqual(4);
      expect(lines.join("\n")).toContain("procedure rejected");
      for (const line of lines) expect(line).not.toContain(ALLERGY);
    });
  });

  describe("with a write that fails inside the BFF", () => {
    it("should log the failure with its request id, and none of the note", async () => {
      const { lines, logger } = capturingLogger();
      const bff = createInMemoryServices({
        content: exampleContent(),
        households: [household],
        now: () => BEFORE_DEADLINE,
        failFirst: { "rsvp.save": "broken" },
      });
      const app = await buildServer({
        services: bff.services,
        resolveViewer: bff.viewerForToken,
        checkFirestore: async () => {},
        logger,
        slowRequestMs: 0,
      });
      const base = await app.listen({ host: "127.0.0.1", port: 0 });
      try {
        const redeemed = await call(base, "invitations.redeem", { mutation: true, input: { code: household.code } });
        const failed = await call(base, "rsvp.submit", { mutation: true, token: tokenOf(redeemed), input: answer() });
        expect(failed.status).toBe(500);
        expect(lines.join("\n")).toContain("procedure failed");
        for (const line of lines) expect(line).not.toContain(ALLERGY);
      } finally {
        await app.close();
      }
    });
  });
});
