// Invitation sign-in over real HTTP, the path browsers take: redeeming a code, signing in at the Auth emulator,
// then calling the BFF with the ID token. Who may read and write what, refused tokens, and guessing codes.
import type { FastifyInstance } from "fastify";
import { getAuth } from "firebase-admin/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { householdUid } from "./auth/viewer";
import { buildServer } from "./build-server";
import { idTokenFor } from "./client/emulator-id-token";
import { call, type TrpcAnswer } from "./client/trpc-over-http";
import { HOUSEHOLDS_COLLECTION } from "./contract/firestore-paths";
import { formatInviteCode } from "./contract/invite-code";
import { RSVPS_COLLECTION } from "./contract/rsvp";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "./test/emulators";
import { checkRefusal } from "./test/hardening-ledger";
import { storeHousehold, testBff, testHousehold } from "./test/services";

/** The custom token a successful redemption hands out. */
function customTokenOf(answer: TrpcAnswer): string {
  const data = answer.body.result?.data as { token?: string } | undefined;
  if (!data?.token) throw new Error(`no token in ${JSON.stringify(answer.body)}`);
  return data.token;
}

/** A token with its payload changed: what a tamperer would send. The Auth emulator's tokens are unsigned. */
function withPayload(idToken: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, payload] = idToken.split(".");
  const decoded = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"));
  change(decoded);
  return `${header}.${Buffer.from(JSON.stringify(decoded)).toString("base64url")}.`;
}

describe("signing in with an invitation over HTTP", () => {
  let db: TestFirestore;
  let bff: ReturnType<typeof testBff>;
  let app: FastifyInstance;
  let base: string;
  const garcia = testHousehold("garcia-http", { tags: ["familia"] });
  const ruiz = testHousehold("ruiz-http", { tags: ["amigos"] });
  let garciaToken = "";

  beforeAll(async () => {
    db = isolatedFirestore("signin");
    await publishContent(db.firestore, exampleContent(), 1);
    await storeHousehold(db.firestore, garcia);
    await storeHousehold(db.firestore, ruiz);
    bff = testBff(db, {
      now: () => new Date("2027-03-01T10:00:00Z"),
      redeemLimits: { perAddress: { attempts: 10, windowSeconds: 600 }, global: { attempts: 500, windowSeconds: 600 } },
    });
    app = await buildServer({ ...bff, checkFirestore: async () => {} });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
    garciaToken = await redeemAndSignIn(garcia.code);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  async function redeemAndSignIn(code: string, from = "127.0.0.1"): Promise<string> {
    const redeemed = await call(base, "invitations.redeem", { mutation: true, input: { code }, from });
    expect(redeemed.status).toBe(200);
    return idTokenFor(customTokenOf(redeemed));
  }

  it("should sign a household in with the code as printed on its card, and greet it", async () => {
    const redeemed = await call(base, "invitations.redeem", {
      mutation: true,
      input: { code: formatInviteCode(garcia.code).toLowerCase() },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.result?.data).toMatchObject({
      household: { displayName: "Familia garcia-http", language: "es" },
    });
    const token = await idTokenFor(customTokenOf(redeemed));
    const mine = await call(base, "invitations.mine", { token });
    expect(mine.status).toBe(200);
    expect(mine.body.result?.data).toMatchObject({
      household: { key: "garcia-http", displayName: "Familia garcia-http" },
    });
  });

  it("should show the signed-in family its family-only event, and a stranger no private details", async () => {
    const family = await call(base, "site.content", { token: garciaToken });
    const stranger = await call(base, "site.content");
    expect(JSON.stringify(family.body)).toContain("cena-ensayo");
    expect(JSON.stringify(family.body)).toContain("ES91 2100 0418 4502 0005 1332");
    expect(JSON.stringify(stranger.body)).not.toContain("cena-ensayo");
    for (const detail of ["ES91", "BODA-LYM", "+34600111222"])
      expect(JSON.stringify(stranger.body)).not.toContain(detail);
  });

  it("should let a household write only its own answer: there is no way to name another household", async () => {
    const sneaky = await call(base, "rsvp.submit", {
      token: garciaToken,
      mutation: true,
      input: { householdKey: "ruiz-http", people: [], answers: {}, expectedRevision: 0 },
    });
    checkRefusal({
      who: "household garcia-http",
      what: "rsvp.submit naming household ruiz-http",
      expected: 400,
      answer: sneaky.status,
    });
    const answer = {
      people: garcia.members.map((member) => ({
        personId: member.id,
        attending: { "cena-ensayo": false, ceremonia: true, banquete: false, fiesta: true },
        dietary: [],
      })),
      answers: {},
      expectedRevision: 0,
    };
    const saved = await call(base, "rsvp.submit", { token: garciaToken, mutation: true, input: answer });
    expect(saved.status).toBe(200);
    expect((await db.firestore.doc(`${RSVPS_COLLECTION}/garcia-http`).get()).exists).toBe(true);
    expect((await db.firestore.doc(`${RSVPS_COLLECTION}/ruiz-http`).get()).exists).toBe(false);
    const ruizToken = await redeemAndSignIn(ruiz.code);
    const ruizView = await call(base, "invitations.mine", { token: ruizToken });
    expect(ruizView.body.result?.data).toMatchObject({ household: { key: "ruiz-http" }, rsvp: null });
  });

  it("should refuse a guest at the couple's procedures, and let the couple in", async () => {
    checkRefusal({
      who: "household garcia-http",
      what: "rsvp.overview (the couple's)",
      expected: 403,
      answer: (await call(base, "rsvp.overview", { token: garciaToken })).status,
    });
    checkRefusal({
      who: "a stranger",
      what: "rsvp.overview (the couple's)",
      expected: 401,
      answer: (await call(base, "rsvp.overview")).status,
    });
    const auth = getAuth(db.app);
    const email = `pareja-${Date.now()}@example.com`;
    const user = await auth.createUser({ email, password: "una-clave-larga" });
    await auth.setCustomUserClaims(user.uid, { couple: true });
    const signedIn = await fetch(
      `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "una-clave-larga", returnSecureToken: true }),
      },
    );
    const { idToken } = (await signedIn.json()) as { idToken: string };
    const overview = await call(base, "rsvp.overview", { token: idToken });
    expect(overview.body.error).toBeUndefined();
    expect(overview.status).toBe(200);
    expect(overview.body.result?.data).toMatchObject({ totals: { households: { invited: 2 } } });
  });

  it.each([
    ["a header that is not a bearer token", "garbage", "invalid-token"],
    ["a token that is not a JWT", "not.a.token", "invalid-token"],
  ])("should refuse %s with 401 saying why", async (_what, token, reason) => {
    const answer = await call(base, "site.content", { token });
    checkRefusal({
      who: `a browser sending ${_what}`,
      what: "site.content",
      expected: `401 ${reason}`,
      answer: `${answer.status} ${answer.body.error?.data.reason}`,
    });
  });

  it("should let a browser holding a broken sign-in still redeem a new invitation and read the settings", async () => {
    const redeemed = await call(base, "invitations.redeem", {
      mutation: true,
      input: { code: garcia.code },
      token: "not.a.token",
    });
    expect(redeemed.status).toBe(200);
    expect((await call(base, "switches.get", { token: "not.a.token" })).status).toBe(200);
  });

  it("should refuse an expired token and one made for another project", async () => {
    const expired = withPayload(garciaToken, (payload) => {
      payload.iat = Math.floor(Date.now() / 1000) - 7200;
      payload.exp = Math.floor(Date.now() / 1000) - 3600;
    });
    const answer = await call(base, "invitations.mine", { token: expired });
    checkRefusal({
      who: "a browser with an expired token",
      what: "invitations.mine",
      expected: "401 expired-token",
      answer: `${answer.status} ${answer.body.error?.data.reason}`,
    });
    const otherProject = withPayload(garciaToken, (payload) => {
      payload.aud = "someone-elses-wedding";
      payload.iss = "https://securetoken.google.com/someone-elses-wedding";
    });
    const foreign = await call(base, "invitations.mine", { token: otherProject });
    checkRefusal({
      who: "a browser with a token made for another project",
      what: "invitations.mine",
      expected: "401 invalid-token",
      answer: `${foreign.status} ${foreign.body.error?.data.reason}`,
    });
  });

  it("should end sessions opened with a code once the couple replaces it (a leaked link)", async () => {
    const leakedSession = await redeemAndSignIn(ruiz.code);
    await db.firestore.doc(`${HOUSEHOLDS_COLLECTION}/ruiz-http`).update({ codeIssuedAt: "2027-02-01T00:00:00.000Z" });
    await expect
      .poll(async () => (await call(base, "invitations.mine", { token: leakedSession })).body.error?.data.reason)
      .toBe("invitation-replaced");
    const after = await call(base, "invitations.mine", { token: leakedSession });
    checkRefusal({
      who: "a session opened with a code the couple has replaced",
      what: "invitations.mine",
      expected: "401 invitation-replaced",
      answer: `${after.status} ${after.body.error?.data.reason}`,
    });
  });

  it("should give an unknown and a replaced code the same answer, and a malformed one a hint", async () => {
    const rotated = testHousehold("rotated-http");
    await storeHousehold(db.firestore, rotated);
    const fresh = testHousehold("rotated-http");
    await storeHousehold(db.firestore, fresh);
    await expect.poll(() => bff.services.households.byCode(fresh.code)).toBeDefined();
    const strip = (answer: TrpcAnswer) => ({ status: answer.status, error: answer.body.error });
    const unknown = await call(base, "invitations.redeem", {
      mutation: true,
      input: { code: "ABCDEFGHJKMNPQRS" },
      from: "127.0.0.4",
    });
    const replaced = await call(base, "invitations.redeem", {
      mutation: true,
      input: { code: rotated.code },
      from: "127.0.0.4",
    });
    expect(strip(unknown)).toEqual(strip(replaced));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.data.reason).toBe("unknown-code");
    const malformed = await call(base, "invitations.redeem", {
      mutation: true,
      input: { code: "ABC" },
      from: "127.0.0.4",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error?.data.reason).toBe("malformed-code");
  });

  it("should refuse 1,000 guesses from one address after the limit while a real guest elsewhere still gets in", async () => {
    const statuses: number[] = [];
    let retryAfter: string | string[] | undefined;
    for (let batch = 0; batch < 20; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          call(base, "invitations.redeem", {
            mutation: true,
            input: {
              code: `ABCDEFGHJKMNP${String(batch * 50 + index)
                .padStart(3, "2")
                .replace(/[01]/g, "Q")}`,
            },
            from: "127.0.0.2",
          }),
        ),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 429) retryAfter = answer.headers["retry-after"];
      }
    }
    expect(statuses).toHaveLength(1000);
    expect(statuses.filter((status) => status === 404)).toHaveLength(10);
    checkRefusal({
      who: "one address guessing codes",
      what: "1,000 invitations.redeem calls (10 allowed)",
      expected: "990 × 429",
      answer: `${statuses.filter((status) => status === 429).length} × 429`,
    });
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Even the right code is refused from the guessing address until the window passes.
    checkRefusal({
      who: "the guessing address, now with a real code",
      what: "invitations.redeem",
      expected: 429,
      answer: (
        await call(base, "invitations.redeem", { mutation: true, input: { code: ruiz.code }, from: "127.0.0.2" })
      ).status,
    });
    expect(
      (await call(base, "invitations.redeem", { mutation: true, input: { code: ruiz.code }, from: "127.0.0.3" }))
        .status,
    ).toBe(200);
  });

  it("should make the household's account itself before its first sign-in, as browser sign-up is off in production", async () => {
    const first = testHousehold("first-visit-http");
    await storeHousehold(db.firestore, first);
    await expect.poll(() => bff.services.households.byCode(first.code)).toBeDefined();
    const auth = getAuth(db.app);
    const uid = householdUid(first.key);
    await expect(auth.getUser(uid)).rejects.toMatchObject({ code: "auth/user-not-found" });
    const redeemed = await call(base, "invitations.redeem", { mutation: true, input: { code: first.code } });
    expect(redeemed.status).toBe(200);
    // The account exists before the browser signs in, so the sign-in is not a sign-up.
    expect((await auth.getUser(uid)).uid).toBe(uid);
    // A second device redeeming the same code finds the account there.
    expect((await call(base, "invitations.redeem", { mutation: true, input: { code: first.code } })).status).toBe(200);
  });
});
