// A household's own invitation and its answer, against the Firestore emulator: what it may answer, the rules an
// answer must follow, the deadline, edits with history, and who may not do any of it.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../auth/viewer";
import { RSVP_HISTORY_SUBCOLLECTION, RSVPS_COLLECTION, type RsvpInput } from "../contract/rsvp";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "../test/emulators";
import { checkRefusal } from "../test/hardening-ledger";
import { callerFor, releaseResources, storeHousehold, testBff, testHousehold } from "../test/services";

const TEMPLATE = fileURLToPath(new URL("../../../remoteconfig.template.json", import.meta.url));
const BEFORE_DEADLINE = new Date("2027-04-30T10:00:00Z");

/** A template copy whose switches the test may change without touching the repository's file. */
function templateWith(values: Record<string, string>): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "rsvp-template-")), "remoteconfig.template.json");
  copyFileSync(TEMPLATE, file);
  const template = JSON.parse(readFileSync(file, "utf8"));
  for (const [key, value] of Object.entries(values)) template.parameters[key].defaultValue.value = value;
  writeFileSync(file, JSON.stringify(template));
  return file;
}

const garcia = testHousehold("garcia", { tags: ["familia"] });
const ruiz = testHousehold("ruiz", {
  tags: ["amigos"],
  members: [{ id: "marta", name: "Marta Ruiz", child: false }],
  seats: 1,
  plusOnes: 0,
});
const asGarcia: Viewer = { kind: "household", uid: "household:garcia", household: garcia };
const asRuiz: Viewer = { kind: "household", uid: "household:ruiz", household: ruiz };
const asCouple: Viewer = { kind: "couple", uid: "couple-uid" };

const allYes = { "cena-ensayo": true, ceremonia: true, banquete: true, fiesta: true };
const allNo = { "cena-ensayo": false, ceremonia: false, banquete: false, fiesta: false };

/** Person `index` of an answer, for tests that bend one field. */
function person(answer: RsvpInput, index: number): RsvpInput["people"][number] {
  const found = answer.people[index];
  if (!found) throw new Error(`the answer has no person ${index}`);
  return found;
}

/** The household of four from the issue: three members plus a named plus-one who is a child. */
function familyAnswer(overrides: Partial<RsvpInput> = {}): RsvpInput {
  return {
    people: [
      { personId: "carmen", attending: allYes, mealId: "pescado", dietary: ["gluten-free"], dietaryNotes: "celíaca" },
      { personId: "antonio", attending: { ...allYes, fiesta: false }, mealId: "carne", dietary: [] },
      { personId: "pablo", attending: allYes, mealId: "infantil", dietary: [] },
      {
        personId: "plus-1",
        name: "Lucas",
        child: true,
        attending: allYes,
        mealId: "infantil",
        dietary: ["nut-allergy"],
      },
    ],
    answers: { autobus: true, cancion: "Bailando" },
    message: "¡Allí estaremos!",
    expectedRevision: 0,
    ...overrides,
  };
}

describe("a household's invitation and answer", () => {
  let db: TestFirestore;
  let bff: ReturnType<typeof testBff>;
  let now = BEFORE_DEADLINE;

  beforeAll(async () => {
    db = isolatedFirestore("rsvp");
    await publishContent(db.firestore, exampleContent(), 1);
    await storeHousehold(db.firestore, garcia);
    await storeHousehold(db.firestore, ruiz);
    bff = testBff(db, { now: () => now });
  });
  afterAll(async () => {
    await releaseResources(bff);
    await db.close();
  });

  const stored = async (key: string) => (await db.firestore.doc(`${RSVPS_COLLECTION}/${key}`).get()).data();
  const history = async (key: string) =>
    (await db.firestore.collection(`${RSVPS_COLLECTION}/${key}/${RSVP_HISTORY_SUBCOLLECTION}`).get()).docs.map((doc) =>
      doc.data(),
    );

  it("should greet the household by name and list what it may answer, its events and the deadline", async () => {
    const invitation = await callerFor(bff.services, asGarcia).invitations.mine();
    expect(invitation.household).toMatchObject({
      displayName: "Familia garcia",
      language: "es",
      seats: 4,
      plusOnes: 1,
    });
    expect(invitation.events.map((event) => event.id)).toEqual(["cena-ensayo", "ceremonia", "banquete", "fiesta"]);
    expect(invitation.events.filter((event) => event.meal).map((event) => event.id)).toEqual([
      "cena-ensayo",
      "banquete",
    ]);
    expect(invitation.meals.map((meal) => meal.id)).toEqual(["carne", "pescado", "vegetariano", "infantil"]);
    expect(invitation.window).toMatchObject({ open: true, deadline: "2027-05-01" });
    expect(invitation.rsvp).toBeNull();
    expect(JSON.stringify(invitation)).not.toContain(garcia.code);
  });

  it("should store the whole household's answer with names from the invitation, and a first history entry", async () => {
    const saved = await callerFor(bff.services, asGarcia).rsvp.submit(familyAnswer());
    expect(saved.revision).toBe(1);
    expect(saved.people.map((person) => [person.name, person.child])).toEqual([
      ["Carmen García", false],
      ["Antonio Fernández", false],
      ["Pablo", true],
      ["Lucas", true],
    ]);
    expect(await stored("garcia")).toEqual(saved);
    const entries = await history("garcia");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ revision: 1, by: { kind: "household", uid: "household:garcia" }, before: null });
    const again = await callerFor(bff.services, asGarcia).invitations.mine();
    expect(again.rsvp?.revision).toBe(1);
  });

  it("should keep every edit in the history, with what it was before", async () => {
    const answer = familyAnswer({ expectedRevision: 1 });
    answer.people[1] = { personId: "antonio", attending: allNo, dietary: [] };
    const saved = await callerFor(bff.services, asGarcia).rsvp.submit(answer);
    expect(saved.revision).toBe(2);
    // Someone not coming needs no meal: nothing is kept for the caterer.
    expect(saved.people[1]).toEqual({
      personId: "antonio",
      name: "Antonio Fernández",
      child: false,
      attending: allNo,
      dietary: [],
    });
    const entries = await history("garcia");
    expect(entries.map((entry) => entry.revision)).toEqual([1, 2]);
    expect(entries[1]?.before?.people[1]?.mealId).toBe("carne");
    expect(entries[1]?.after.people[1]?.attending.ceremonia).toBe(false);
  });

  it("should refuse an edit made on an old copy of the answer, so another device's answer is not lost", async () => {
    await expect(
      callerFor(bff.services, asGarcia).rsvp.submit(familyAnswer({ expectedRevision: 1 })),
    ).rejects.toMatchObject({ code: "CONFLICT", cause: { reason: "answer-changed" } });
    expect((await stored("garcia"))?.revision).toBe(2);
    expect(await history("garcia")).toHaveLength(2);
  });

  it.each([
    [
      "a second plus-one the invitation does not have",
      (a: RsvpInput) => a.people.push({ ...person(a, 3), personId: "plus-2" }),
      "unknown-person",
    ],
    ["a member left out", (a: RsvpInput) => a.people.splice(0, 1), "missing-member"],
    ["a plus-one without a name", (a: RsvpInput) => delete person(a, 3).name, "plus-one-name-required"],
    ["no meal for someone at the dinner", (a: RsvpInput) => delete person(a, 0).mealId, "meal-required"],
    [
      "a meal that is not on the menu",
      (a: RsvpInput) => {
        person(a, 0).mealId = "langosta";
      },
      "unknown-meal",
    ],
    [
      "an event the household is not invited to",
      (a: RsvpInput) => {
        person(a, 0).attending = { ...allYes, preboda: true };
      },
      "unknown-event",
    ],
    [
      "a question that does not exist",
      (a: RsvpInput) => {
        a.answers = { parking: true };
      },
      "unknown-question",
    ],
    [
      "a yes/no question answered with text",
      (a: RsvpInput) => {
        a.answers = { autobus: "sí" };
      },
      "answer-type",
    ],
    [
      "a renamed member",
      (a: RsvpInput) => {
        person(a, 0).name = "Carmen G.";
      },
      "member-details-fixed",
    ],
  ])("should refuse %s, naming the rule, and write nothing", async (_what, breakIt, code) => {
    const answer = familyAnswer({ expectedRevision: 2 });
    breakIt(answer);
    await expect(callerFor(bff.services, asGarcia).rsvp.submit(answer)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { reason: "rsvp-rules", issues: expect.arrayContaining([expect.objectContaining({ code })]) },
    });
    expect((await stored("garcia"))?.revision).toBe(2);
  });

  it.each([
    ["unknown fields", { ...familyAnswer(), householdKey: "ruiz" }],
    ["control characters in a name", familyAnswer({ people: [{ ...person(familyAnswer(), 3), name: "Lu\u0000cas" }] })],
    ["a message longer than 1000 characters", familyAnswer({ message: "a".repeat(1001) })],
    ["a negative revision", familyAnswer({ expectedRevision: -1 })],
    ["more than 30 people", familyAnswer({ people: Array.from({ length: 31 }, () => person(familyAnswer(), 0)) })],
  ])("should refuse %s as bad input before anything is read or written", async (_what, input) => {
    await expect(callerFor(bff.services, asGarcia).rsvp.submit(input as RsvpInput)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await stored("garcia"))?.revision).toBe(2);
  });

  it("should let another household answer only for itself", async () => {
    const saved = await callerFor(bff.services, asRuiz).rsvp.submit({
      people: [
        {
          personId: "marta",
          attending: { ceremonia: true, banquete: true, fiesta: true },
          mealId: "vegetariano",
          dietary: [],
        },
      ],
      answers: {},
      expectedRevision: 0,
    });
    expect(saved.householdKey).toBe("ruiz");
    expect((await stored("garcia"))?.people).toHaveLength(4);
    // Marta is not family: answering for the family dinner is not hers to do.
    await expect(
      callerFor(bff.services, asRuiz).rsvp.submit({
        people: [{ personId: "marta", attending: { ...allNo, ceremonia: true }, dietary: [] }],
        answers: {},
        expectedRevision: 1,
      }),
    ).rejects.toMatchObject({
      cause: { issues: expect.arrayContaining([expect.objectContaining({ code: "unknown-event" })]) },
    });
  });

  it("should refuse answers after the deadline day in the wedding's time zone, saying so", async () => {
    now = new Date("2027-05-01T21:59:00Z"); // 23:59 in Madrid: still the deadline day
    expect((await callerFor(bff.services, asGarcia).invitations.mine()).window.open).toBe(true);
    now = new Date("2027-05-01T22:00:00Z"); // midnight in Madrid
    const invitation = await callerFor(bff.services, asGarcia).invitations.mine();
    expect(invitation.window).toMatchObject({ open: false, reason: "deadline-passed" });
    await expect(
      callerFor(bff.services, asGarcia).rsvp.submit(familyAnswer({ expectedRevision: 2 })),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      cause: { reason: "deadline-passed" },
    });
    now = BEFORE_DEADLINE;
  });

  it("should refuse answers while the couple has closed them (rsvp_open false)", async () => {
    const closed = testBff(db, { now: () => BEFORE_DEADLINE, templateFile: templateWith({ rsvp_open: "false" }) });
    try {
      await expect(
        callerFor(closed.services, asGarcia).rsvp.submit(familyAnswer({ expectedRevision: 2 })),
      ).rejects.toMatchObject({
        code: "FORBIDDEN",
        cause: { reason: "closed" },
      });
    } finally {
      await releaseResources(closed);
    }
  });

  /** The tRPC error code a call was refused with, or "allowed". */
  const refusedWith = (call: Promise<unknown>) =>
    call.then(
      () => "allowed",
      (error: { code?: string }) => error.code ?? String(error),
    );

  it("should refuse strangers and the couple at the household's procedures", async () => {
    const stranger = callerFor(bff.services);
    const couple = callerFor(bff.services, asCouple);
    checkRefusal({
      who: "a stranger",
      what: "invitations.mine",
      expected: "UNAUTHORIZED",
      answer: await refusedWith(stranger.invitations.mine()),
    });
    checkRefusal({
      who: "a stranger",
      what: "rsvp.submit",
      expected: "UNAUTHORIZED",
      answer: await refusedWith(stranger.rsvp.submit(familyAnswer())),
    });
    checkRefusal({
      who: "the couple",
      what: "rsvp.submit (a household's)",
      expected: "FORBIDDEN",
      answer: await refusedWith(couple.rsvp.submit(familyAnswer())),
    });
  });

  it("should give the couple the totals and every household's status, and nobody else", async () => {
    const overview = await callerFor(bff.services, asCouple).rsvp.overview();
    expect(overview.totals.households).toEqual({ invited: 2, confirmed: 2, declined: 0, pending: 0 });
    expect(overview.households.map((entry) => [entry.key, entry.status, entry.coming])).toEqual([
      ["garcia", "confirmed", 3],
      ["ruiz", "confirmed", 1],
    ]);
    checkRefusal({
      who: "household garcia",
      what: "rsvp.overview",
      expected: "FORBIDDEN",
      answer: await refusedWith(callerFor(bff.services, asGarcia).rsvp.overview()),
    });
    checkRefusal({
      who: "a stranger",
      what: "rsvp.overview",
      expected: "UNAUTHORIZED",
      answer: await refusedWith(callerFor(bff.services).rsvp.overview()),
    });
  });

  it("should show a household's allergies to that household only: never to strangers or other households", async () => {
    const own = await callerFor(bff.services, asGarcia).invitations.mine();
    const carmen = own.rsvp?.people.find((each) => each.personId === "carmen");
    expect(carmen).toMatchObject({ dietary: ["gluten-free"], dietaryNotes: "celíaca" });
    const lucas = own.rsvp?.people.find((each) => each.personId === "plus-1");
    expect(lucas?.dietary).toEqual(["nut-allergy"]);

    const ruizOwn = await callerFor(bff.services, asRuiz).invitations.mine();
    expect(ruizOwn.rsvp?.householdKey).toBe("ruiz");
    for (const [who, caller] of [
      ["a stranger", callerFor(bff.services)],
      ["household ruiz", callerFor(bff.services, asRuiz)],
    ] as const) {
      const seen = JSON.stringify([
        await caller.site.content(),
        await caller.locations.list(),
        await caller.switches.get(),
        who === "household ruiz" ? ruizOwn.rsvp : null,
      ]);
      expect(seen, who).not.toContain("celíaca");
      expect(seen, who).not.toContain("gluten-free");
      expect(seen, who).not.toContain("nut-allergy");
    }
  });
});
