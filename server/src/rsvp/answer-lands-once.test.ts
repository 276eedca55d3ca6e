// An answer lands once, against the Firestore emulator (no stub): each submit carries an idempotency key stored with
// the revision it produced in the same transaction, so sending the same key again — what the page does after a reply
// it never got (a timeout, a 503, a dropped connection) — returns the revision that landed instead of saving twice or
// being refused as a conflict; and the page can ask whether it landed (`invitations.mine` names the last key applied).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../auth/viewer";
import { RSVP_HISTORY_SUBCOLLECTION, RSVPS_COLLECTION, type RsvpInput } from "../contract/rsvp";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "../test/emulators";
import { checkRefusal } from "../test/hardening-ledger";
import { callerFor, releaseResources, storeHousehold, testBff, testHousehold } from "../test/services";

const BEFORE_DEADLINE = new Date("2027-04-30T10:00:00Z");
const allNo = { "cena-ensayo": false, ceremonia: false, banquete: false, fiesta: false };

function answer(note: string, expectedRevision: number, submissionId: string): RsvpInput {
  return {
    people: [
      {
        personId: "carmen",
        attending: { "cena-ensayo": true, ceremonia: true, banquete: true, fiesta: true },
        mealId: "pescado",
        dietary: [],
        dietaryNotes: note,
      },
      { personId: "antonio", attending: allNo, dietary: [] },
      { personId: "pablo", attending: allNo, dietary: [] },
    ],
    answers: {},
    expectedRevision,
    submissionId,
  };
}

describe("an answer lands once", () => {
  let db: TestFirestore;
  let bff: ReturnType<typeof testBff>;

  beforeAll(async () => {
    db = isolatedFirestore("lands-once");
    await publishContent(db.firestore, exampleContent(), 1);
    bff = testBff(db, { now: () => BEFORE_DEADLINE });
  });
  afterAll(async () => {
    await releaseResources(bff);
    await db.close();
  });

  async function household(key: string) {
    const stored = await storeHousehold(db.firestore, testHousehold(key));
    const viewer: Viewer = { kind: "household", uid: `household:${key}`, household: stored };
    return callerFor(bff.services, viewer);
  }
  const historyOf = async (key: string) =>
    (await db.firestore.collection(`${RSVPS_COLLECTION}/${key}/${RSVP_HISTORY_SUBCOLLECTION}`).get()).docs.map(
      (doc) => doc.id,
    );

  it("should answer a key sent again (its reply lost) with the revision that landed, saving nothing twice", async () => {
    const garcia = await household("garcia-once");
    const key = randomUUID();
    const landed = await garcia.rsvp.submit(answer("first", 0, key));
    // The reply never reached the guest; the page sends the very same answer with the same key.
    const again = await garcia.rsvp.submit(answer("first", 0, key));
    expect(again).toEqual(landed);
    expect(landed).toMatchObject({ revision: 1, submissionId: key });
    expect(await historyOf("garcia-once")).toEqual(["000001"]);
    // The page can ask whether it landed: its own invitation names the last key applied.
    expect((await garcia.invitations.mine()).rsvp?.submissionId).toBe(key);
  });

  it("should still answer a key that landed and was changed since by another device with what it saved", async () => {
    const lopez = await household("lopez-once");
    const first = randomUUID();
    const landed = await lopez.rsvp.submit(answer("phone", 0, first));
    await lopez.rsvp.submit(answer("tablet", 1, randomUUID()));
    const again = await lopez.rsvp.submit(answer("phone", 0, first));
    expect(again).toEqual(landed);
    expect(await historyOf("lopez-once")).toEqual(["000001", "000002"]);
    expect((await lopez.invitations.mine()).rsvp).toMatchObject({ revision: 2 });
  });

  it("should refuse a second key on the same revision as a conflict, as before", async () => {
    const ruiz = await household("ruiz-once");
    await ruiz.rsvp.submit(answer("one device", 0, randomUUID()));
    const refused = await ruiz.rsvp.submit(answer("another device", 0, randomUUID())).then(
      () => "saved",
      (error: Error & { cause?: { reason?: string } }) => `${error.cause?.reason}`,
    );
    checkRefusal({
      who: "a second device of the household, on the revision the first already replaced",
      what: "rsvp.submit with a new idempotency key and expectedRevision 0",
      expected: "answer-changed",
      answer: refused,
    });
    expect(await historyOf("ruiz-once")).toEqual(["000001"]);
  });

  it("should save the same key at once when sent in parallel (a double tap), once", async () => {
    const sanz = await household("sanz-once");
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => sanz.rsvp.submit(answer("tap", 0, key))));
    for (const each of answers) expect(each).toEqual(answers[0]);
    expect(await historyOf("sanz-once")).toEqual(["000001"]);
  });
});
