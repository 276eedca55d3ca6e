// "Lost your invitation?" over real HTTP on the emulators: a guest who types their email or name gets a sign-in
// link from the Auth emulator (read back from its out-of-band codes), opening it signs the household in exactly as
// its invite link does, and whatever is typed — a match, a stranger, a name two households share, a household with
// no email — the answer is the same, after the same minimum time, within a rate limit every instance counts.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type LostInvitationClock, MIN_ANSWER_MS } from "./auth/lost-invitation";
import { buildServer } from "./build-server";
import { idTokenFor } from "./client/emulator-id-token";
import { call } from "./client/trpc-over-http";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "./test/emulators";
import { checkRefusal } from "./test/hardening-ledger";
import { storeHousehold, testBff, testHousehold } from "./test/services";

interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: string;
}

/** The links the Auth emulator "emailed" to `email`, oldest first. */
async function linksSentTo(email: string): Promise<OobCode[]> {
  const project = process.env.FIREBASE_PROJECT_ID ?? "demo-boda";
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${project}/oobCodes`,
  );
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((code) => code.email === email && code.requestType === "EMAIL_SIGNIN");
}

describe("getting back in without the invitation link", () => {
  let db: TestFirestore;
  let bff: ReturnType<typeof testBff>;
  let app: FastifyInstance;
  let base: string;
  // Unique addresses: the Auth emulator keeps its accounts for the whole run.
  const run = Date.now().toString(36);
  const garciaEmail = `lucia.${run}@example.com`;
  const garcia = testHousehold(`garcia-lost-${run}`, {
    email: garciaEmail,
    members: [{ id: "lucia", name: "Lucía Fernández Ortega", child: false }],
    seats: 1,
    plusOnes: 0,
    nicknames: ["Lulu Fernández"],
  });
  const noEmail = testHousehold(`ruiz-lost-${run}`, {
    members: [{ id: "tomas", name: "Tomás Ruiz", child: false }],
    seats: 1,
    plusOnes: 0,
  });
  const twinA = testHousehold(`perez-a-${run}`, {
    email: `ana.a.${run}@example.com`,
    members: [{ id: "ana", name: "Ana Pérez", child: false }],
    seats: 1,
    plusOnes: 0,
  });
  const twinB = testHousehold(`perez-b-${run}`, {
    email: `ana.b.${run}@example.com`,
    members: [{ id: "ana", name: "Ana Pérez", child: false }],
    seats: 1,
    plusOnes: 0,
  });
  const soloEmail = `paz.${run}@example.com`;
  const solo = testHousehold(`paz-lost-${run}`, {
    email: soloEmail,
    members: [{ id: "paz", name: "Paz Moreno", child: false }],
    seats: 1,
    plusOnes: 0,
  });
  /** The BFF's lost-invitation clock: moves only when told, and records every wait it asks for. */
  let elapsedMs = 0;
  const waits: number[] = [];
  const clock: LostInvitationClock = {
    now: () => elapsedMs,
    wait: async (ms) => {
      waits.push(ms);
    },
  };

  beforeAll(async () => {
    db = isolatedFirestore("lost");
    await publishContent(db.firestore, exampleContent(), 1);
    for (const household of [garcia, noEmail, twinA, twinB, solo]) await storeHousehold(db.firestore, household);
    bff = testBff(db, {
      now: () => new Date("2027-03-01T10:00:00Z"),
      lostInvitationClock: clock,
      lostInvitationLimits: {
        perAddress: { attempts: 8, windowSeconds: 600 },
        global: { attempts: 500, windowSeconds: 600 },
        perHousehold: { attempts: 3, windowSeconds: 600 },
      },
    });
    app = await buildServer({ ...bff, checkFirestore: async () => {} });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
    await vi.waitFor(async () => expect(await bff.services.households.byKey(solo.key)).toBeDefined());
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const recover = (typed: string, from: string) =>
    call(base, "invitations.recover", { mutation: true, input: { typed }, from });

  it("should email a sign-in link for a name typed another way, and the link signs the household in", async () => {
    const answer = await recover("lucia ortega fernandez", "127.0.0.11");
    expect(answer.status).toBe(200);
    expect(answer.body.result?.data).toEqual({ maskedEmail: null });

    const [sent] = await vi.waitFor(async () => {
      const links = await linksSentTo(garciaEmail);
      expect(links).toHaveLength(1);
      return links;
    });
    // The link brings the guest back to the page with the household's key.
    const continueUrl = new URL(new URL(sent?.oobLink ?? "").searchParams.get("continueUrl") ?? "");
    expect(Object.fromEntries(continueUrl.searchParams)).toEqual({ hogar: garcia.key });

    const finished = await call(base, "invitations.finishEmailLink", {
      mutation: true,
      input: { household: garcia.key, oobCode: sent?.oobCode },
    });
    expect(finished.status).toBe(200);
    const { token } = (finished.body.result?.data ?? {}) as { token: string };
    const mine = await call(base, "invitations.mine", { token: await idTokenFor(token) });
    expect(mine.body.result?.data).toMatchObject({ household: { key: garcia.key } });
  });

  it("should refuse a used link, and a link opened for another household", async () => {
    await recover(garciaEmail.toUpperCase(), "127.0.0.12");
    const links = await vi.waitFor(async () => {
      const sent = await linksSentTo(garciaEmail);
      expect(sent.length).toBeGreaterThan(0);
      return sent;
    });
    const latest = links.at(-1)?.oobCode;
    const otherHousehold = await call(base, "invitations.finishEmailLink", {
      mutation: true,
      input: { household: twinA.key, oobCode: latest },
    });
    checkRefusal({
      who: "a guest holding another household's sign-in link",
      what: "to open it as a different household",
      expected: "sign-in-link-invalid",
      answer: String(otherHousehold.body.error?.data.reason),
    });
    const once = await call(base, "invitations.finishEmailLink", {
      mutation: true,
      input: { household: garcia.key, oobCode: latest },
    });
    expect(once.status).toBe(200);
    const twice = await call(base, "invitations.finishEmailLink", {
      mutation: true,
      input: { household: garcia.key, oobCode: latest },
    });
    checkRefusal({
      who: "someone replaying a used sign-in link",
      what: "to sign in with it again",
      expected: "sign-in-link-invalid",
      answer: String(twice.body.error?.data.reason),
    });
  });

  it("should answer a match, a stranger, a shared name and a household without email in the same words and time", async () => {
    const typed = {
      match: "Lulu Fernandez",
      stranger: "Nadie Desconocido",
      sharedName: "Ana Pérez",
      withoutEmail: "Tomás Ruiz",
    };
    const answers: Record<string, unknown> = {};
    for (const [what, text] of Object.entries(typed)) {
      waits.length = 0;
      elapsedMs = 0;
      const answer = await recover(text, "127.0.0.13");
      answers[what] = { status: answer.status, body: answer.body };
      // Nothing took time on this clock, so each answer waited the whole minimum.
      expect(waits, what).toEqual([MIN_ANSWER_MS]);
    }
    const [first, ...rest] = Object.values(answers);
    for (const other of rest) expect(other).toEqual(first);
    // Only the household with an email that one name points at gets a link (the earlier ones were used up).
    await vi.waitFor(async () => expect(await linksSentTo(garciaEmail)).toHaveLength(1));
    expect(await linksSentTo(twinA.email ?? "")).toEqual([]);
    expect(await linksSentTo(twinB.email ?? "")).toEqual([]);
  });

  it("should wait only for what is left of the minimum when the work took time", async () => {
    waits.length = 0;
    elapsedMs = 0;
    const slowLookups = { ...clock };
    let calls = 0;
    // The clock reads 0 when the request starts and 250 ms when the answer is ready.
    clock.now = () => (calls++ === 0 ? 0 : 250);
    await recover("Nadie Desconocido", "127.0.0.14");
    clock.now = slowLookups.now;
    expect(waits).toEqual([MIN_ANSWER_MS - 250]);
  });

  it("should hold one address to its lookups, and say when to try again", async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof recover>> | undefined;
    for (let attempt = 0; attempt < 9; attempt += 1) {
      last = await recover(`Nadie ${attempt}`, "127.0.0.15");
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    checkRefusal({
      who: "one address looking up names",
      what: "a ninth lookup within the window",
      expected: 429,
      answer: last?.status ?? 0,
    });
    expect(last?.body.error?.data.reason).toBe("too-many-lookups");
    expect(Number(last?.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await recover("Nadie", "127.0.0.16")).status).toBe(200);
  });

  it("should email one household at most its own limit of links, whoever asks, answering the same", async () => {
    // Three links went to this household above; a fourth ask, from a fresh address, is answered but sends nothing.
    const before = await linksSentTo(garciaEmail);
    const answer = await recover("Lulu Fernandez", "127.0.0.18");
    expect(answer.body.result?.data).toEqual({ maskedEmail: null });
    // Another household asked for after it gets its link; by then the first one's would have been sent too.
    await recover("Paz Moreno", "127.0.0.18");
    await vi.waitFor(async () => expect(await linksSentTo(soloEmail)).toHaveLength(1));
    expect(await linksSentTo(garciaEmail)).toEqual(before);
  });

  it("should refuse an empty lookup with a clear message", async () => {
    const answer = await recover("   ", "127.0.0.17");
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body.error?.data.issues)).toContain("write your email or your name");
  });
});
