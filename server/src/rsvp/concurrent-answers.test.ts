// Fifty guests answering in the same minute, and more: 200 submissions and edits from 20 households at once,
// against the Firestore emulator, each client doing what the page does on "answer-changed" (read the newest answer,
// send again on its revision). No update may be lost: every household ends with the last answer it sent, its
// history holds every one of them once, and the couple's totals equal a recount of the stored answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../auth/viewer";
import type { Household } from "../contract/household";
import { RSVP_HISTORY_SUBCOLLECTION, RSVPS_COLLECTION, Rsvp, type RsvpInput } from "../contract/rsvp";
import { totals } from "../contract/rsvp-totals";
import { ReasonedError } from "../errors";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "../test/emulators";
import { appendToLedger } from "../test/hardening-ledger";
import { callerFor, releaseResources, storeHousehold, testBff, testHousehold } from "../test/services";

const HOUSEHOLDS = 20;
const EDITS_PER_HOUSEHOLD = 10;
const BEFORE_DEADLINE = new Date("2027-04-30T10:00:00Z");

const allNo = { "cena-ensayo": false, ceremonia: false, banquete: false, fiesta: false };

/** Edit `n` of a household: Carmen's note says which edit it is; odd edits bring Antonio to the ceremony. */
function edit(n: number, expectedRevision: number): RsvpInput {
  return {
    people: [
      {
        personId: "carmen",
        attending: { "cena-ensayo": true, ceremonia: true, banquete: true, fiesta: true },
        mealId: "pescado",
        dietary: [],
        dietaryNotes: `edit ${n}`,
      },
      { personId: "antonio", attending: { ...allNo, ceremonia: n % 2 === 1 }, dietary: [] },
      { personId: "pablo", attending: allNo, dietary: [] },
    ],
    answers: {},
    expectedRevision,
  };
}

describe("answers sent at the same time", () => {
  let db: TestFirestore;
  let bff: ReturnType<typeof testBff>;
  const households: Household[] = Array.from({ length: HOUSEHOLDS }, (_, index) =>
    testHousehold(`casa-${String(index + 1).padStart(2, "0")}`),
  );

  beforeAll(async () => {
    db = isolatedFirestore("concurrent");
    await publishContent(db.firestore, exampleContent(), 1);
    for (const household of households) await storeHousehold(db.firestore, household);
    bff = testBff(db, { now: () => BEFORE_DEADLINE });
  });
  afterAll(async () => {
    await releaseResources(bff);
    await db.close();
  });

  it(`should lose none of ${HOUSEHOLDS * EDITS_PER_HOUSEHOLD} submissions and edits from ${HOUSEHOLDS} households`, async () => {
    let conflicts = 0;
    let busy = 0;
    /** Per household, the edit numbers in the order the BFF accepted them. */
    const accepted = new Map<string, number[]>();

    // One client per submission, all started at once, as many phones of a household would.
    const send = async (household: Household, n: number) => {
      const viewer: Viewer = { kind: "household", uid: `household:${household.key}`, household };
      const caller = callerFor(bff.services, viewer);
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const revision = (await caller.invitations.mine()).rsvp?.revision ?? 0;
        try {
          const saved = await caller.rsvp.submit(edit(n, revision));
          accepted.set(household.key, [...(accepted.get(household.key) ?? []), n]);
          return saved.revision;
        } catch (error) {
          // As the page does: a changed answer is read again, a busy moment ("unavailable", 503) is tried again.
          const reason =
            error instanceof Error && error.cause instanceof ReasonedError ? error.cause.reason : undefined;
          if (reason === "answer-changed") conflicts += 1;
          else if (reason === "unavailable") busy += 1;
          else throw error;
        }
      }
      throw new Error(`${household.key} edit ${n} never got through`);
    };
    await Promise.all(
      households.flatMap((household) => Array.from({ length: EDITS_PER_HOUSEHOLD }, (_, n) => send(household, n + 1))),
    );

    // Measured first and recorded before any assertion, so a lost update reaches the report as one.
    let lost = 0;
    const stored: Rsvp[] = [];
    const histories = new Map<string, string[]>();
    for (const household of households) {
      const answer = Rsvp.parse((await db.firestore.doc(`${RSVPS_COLLECTION}/${household.key}`).get()).data());
      stored.push(answer);
      const history = await db.firestore
        .collection(`${RSVPS_COLLECTION}/${household.key}/${RSVP_HISTORY_SUBCOLLECTION}`)
        .get();
      const notes = history.docs.map((doc) => doc.data().after.people[0].dietaryNotes as string).sort();
      histories.set(household.key, notes);
      // An edit the BFF accepted that is not in the history was overwritten: a lost update.
      const acceptedNotes = (accepted.get(household.key) ?? []).map((n) => `edit ${n}`);
      lost += acceptedNotes.filter((note) => !notes.includes(note)).length;
    }
    const submissions = [...accepted.values()].reduce((sum, edits) => sum + edits.length, 0);
    appendToLedger("concurrency", {
      households: HOUSEHOLDS,
      submissions,
      conflictsRetried: conflicts,
      busyRetried: busy,
      updatesLost: lost,
    });

    for (const [index, household] of households.entries()) {
      const order = accepted.get(household.key) ?? [];
      // The last answer it sent is the one kept, and each accepted edit became one revision.
      expect(stored[index]?.revision).toBe(EDITS_PER_HOUSEHOLD);
      expect(stored[index]?.people[0]?.dietaryNotes).toBe(`edit ${order.at(-1)}`);
      const expected = Array.from({ length: EDITS_PER_HOUSEHOLD }, (_, n) => `edit ${n + 1}`).sort();
      expect(histories.get(household.key)).toEqual(expected);
    }
    expect(submissions).toBe(HOUSEHOLDS * EDITS_PER_HOUSEHOLD);
    expect(lost).toBe(0);
    // Contention really happened: the refusals are what keeps edits from overwriting each other.
    expect(conflicts).toBeGreaterThan(0);

    // The couple's totals (what `pnpm seed rsvp status` prints) against a recount of the stored answers.
    const content = exampleContent();
    const report = totals(
      households.map((household, index) => ({ household, rsvp: stored[index] })),
      content,
    );
    const ceremony = report.events.find((event) => event.eventId === "ceremonia");
    const recountCeremony = stored.flatMap((answer) => answer.people).filter((p) => p.attending.ceremonia).length;
    expect(ceremony?.coming).toBe(recountCeremony);
    expect(report.households.confirmed).toBe(HOUSEHOLDS);
    const comingToAnything = stored
      .flatMap((answer) => answer.people)
      .filter((p) => Object.values(p.attending).some(Boolean)).length;
    expect(report.people.coming).toBe(comingToAnything);
  }, 240_000);
});
