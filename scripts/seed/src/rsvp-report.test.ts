// What the couple sees while following answers: totals per event, reminders in the household's language, exports.
import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@boda/kit/repo";
import { Content } from "@boda/server/contract/content";
import type { Household } from "@boda/server/contract/household";
import type { Rsvp } from "@boda/server/contract/rsvp";
import { type Entry, statusOf, totals } from "@boda/server/contract/rsvp-totals";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { catererReport, describeChange, NO_TABLE, peopleRows, reminderText, whatsappLink } from "./rsvp-report";

const content = Content.parse(
  parse(readFileSync(path.join(REPO_ROOT, "scripts/seed/content/boda.example.yaml"), "utf8")),
);

function household(key: string, overrides: Partial<Household> = {}): Household {
  return {
    key,
    displayName: `Familia ${key}`,
    seats: 2,
    members: [
      { id: "ana", name: "Ana", child: false },
      { id: "leo", name: "Leo", child: true },
    ],
    plusOnes: 0,
    tags: [],
    language: "es",
    code: "ABCDEFGHJKMNPQRS",
    codeIssuedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

const ALL_EVENTS = { "cena-ensayo": true, ceremonia: true, banquete: true, fiesta: true };
const confirmed: Rsvp = {
  householdKey: "familia",
  respondedAt: "2026-12-01T10:00:00.000Z",
  revision: 1,
  people: [
    {
      personId: "ana",
      name: "Ana",
      child: false,
      attending: ALL_EVENTS,
      mealId: "pescado",
      dietary: ["shellfish-allergy"],
      dietaryNotes: "también el pulpo",
    },
    {
      personId: "leo",
      name: "Leo",
      child: true,
      attending: { ceremonia: true, banquete: true, fiesta: false },
      mealId: "infantil",
      dietary: [],
    },
  ],
  answers: { autobus: true },
  message: "¡Qué ganas!",
};
const declined: Rsvp = {
  householdKey: "amigos",
  respondedAt: "2026-12-02T10:00:00.000Z",
  revision: 1,
  people: [
    {
      personId: "tom",
      name: "Tom",
      child: false,
      attending: { ceremonia: false, banquete: false, fiesta: false },
      dietary: [],
    },
  ],
  answers: {},
};
const entries: Entry[] = [
  { household: household("familia", { tags: ["familia"] }), rsvp: confirmed },
  {
    household: household("amigos", { seats: 1, members: [{ id: "tom", name: "Tom", child: false }], language: "en" }),
    rsvp: declined,
  },
  { household: household("pendiente", { seats: 3, plusOnes: 1, phone: "+34600111222" }) },
];

describe("totals", () => {
  it("counts households, seats, people and each event, respecting who is invited to what", () => {
    expect(entries.map(statusOf)).toEqual(["confirmed", "declined", "pending"]);
    const sums = totals(entries, content);
    expect(sums.households).toEqual({ invited: 3, confirmed: 1, declined: 1, pending: 1 });
    expect(sums.seats).toEqual({ invited: 6, confirmed: 2, declined: 1, pending: 3 });
    expect(sums.people).toEqual({ coming: 2, notComing: 1 });
    // The rehearsal dinner is for the family tag only.
    expect(sums.events[0]).toMatchObject({
      eventId: "cena-ensayo",
      invitedSeats: 2,
      coming: 1,
      notComing: 1,
      pendingSeats: 0,
    });
    expect(sums.events[3]).toMatchObject({
      eventId: "fiesta",
      invitedSeats: 6,
      coming: 1,
      notComing: 2,
      pendingSeats: 3,
    });
  });
});

describe("reminders", () => {
  it("are written in the household's language with the deadline and link", () => {
    const link = "https://boda.example/#/?invite=X&lang=es";
    expect(reminderText(household("gil"), ["Lucía", "Mateo"], link, "2027-05-01")).toBe(
      `¡Hola, Familia gil! Un recordatorio de Lucía y Mateo: decidnos antes del 1 de mayo de 2027 si podéis venir a nuestra boda. Aquí lo tenéis todo: ${link}`,
    );
    expect(reminderText(household("gil", { language: "en" }), ["Lucía", "Mateo"], link)).toBe(
      `Hi Familia gil! A friendly reminder from Lucía and Mateo: please let us know whether you can come to our wedding. Everything is here: ${link}`,
    );
  });

  it("become wa.me links with the text encoded, to the household's number when known", () => {
    expect(whatsappLink("+34 600 111 222", "¿Venís? & más")).toBe(
      "https://wa.me/34600111222?text=%C2%BFVen%C3%ADs%3F%20%26%20m%C3%A1s",
    );
    expect(whatsappLink(undefined, "hola")).toBe("https://wa.me/?text=hola");
  });
});

describe("exports", () => {
  it("list every person: answers as given, unanswered seats as pending, uninvited events marked", () => {
    const rows = peopleRows(entries, content);
    expect(rows).toHaveLength(2 + 1 + 3);
    expect(rows[0]).toMatchObject({
      household_key: "familia",
      person: "Ana",
      status: "confirmed",
      "event:cena-ensayo": "yes",
      meal: "Pescado",
      dietary: "shellfish-allergy",
      dietary_notes: "también el pulpo",
      "question:autobus": "yes",
      message: "¡Qué ganas!",
    });
    // Household answers repeat on each of its people's rows, so a filter on one row keeps them.
    expect(rows[1]).toMatchObject({
      person: "Leo",
      child: "yes",
      "event:fiesta": "no",
      "event:cena-ensayo": "no",
      "question:autobus": "yes",
    });
    expect(rows[5]).toMatchObject({
      household_key: "pendiente",
      person: "(plus-one 1)",
      status: "pending",
      "event:ceremonia": "pending",
      "event:cena-ensayo": "not invited",
    });
  });

  it("give the caterer only the events with a meal and the people coming to each, with meals and dietary needs", () => {
    const report = catererReport(entries, content);
    expect(report.summary.map((event) => event.eventId)).toEqual(["cena-ensayo", "banquete"]);
    expect(report.summary.find((event) => event.eventId === "banquete")).toEqual({
      eventId: "banquete",
      title: "Cóctel y banquete",
      people: 2,
      meals: { Pescado: 1, "Menú infantil": 1 },
      dietary: 1,
      tables: [{ table: NO_TABLE, people: 2, meals: { Pescado: 1, "Menú infantil": 1 }, dietary: 1 }],
    });
    expect(report.rows.filter((row) => row.event === "cena-ensayo").map((row) => row.person)).toEqual(["Ana"]);
    expect(report.rows[0]).toMatchObject({ dietary: "shellfish-allergy", dietary_notes: "también el pulpo" });
  });

  it("say in the history that dietary needs changed, never what they are (they belong in the exports only)", () => {
    const [ana, leo] = confirmed.people;
    if (!ana || !leo) throw new Error("the fixture has two people");
    const before: Rsvp = { ...confirmed, people: [{ ...ana, dietary: [], dietaryNotes: undefined }, leo] };
    const lines = describeChange(
      {
        revision: 2,
        at: "2026-12-03T10:00:00.000Z",
        by: { kind: "household", uid: "household:familia" },
        before,
        after: confirmed,
      },
      content,
    );
    expect(lines).toEqual(["Ana: dietary needs changed (see rsvp export)"]);
    expect(lines.join("\n")).not.toMatch(/pulpo|shellfish/);
  });

  it("group the caterer's plates by table: a member's own table, else the household's, the unseated last", () => {
    const seated = entries.map((entry) =>
      entry.household.key === "familia"
        ? {
            ...entry,
            household: {
              ...entry.household,
              table: "12",
              members: entry.household.members.map((member) =>
                member.id === "leo" ? { ...member, table: "Infantil" } : member,
              ),
            },
          }
        : entry,
    );
    const banquete = catererReport(seated, content).summary.find((event) => event.eventId === "banquete");
    expect(banquete?.tables).toEqual([
      { table: "12", people: 1, meals: { Pescado: 1 }, dietary: 1 },
      { table: "Infantil", people: 1, meals: { "Menú infantil": 1 }, dietary: 0 },
    ]);
    const rows = catererReport(seated, content).rows.filter((row) => row.event === "banquete");
    expect(rows.map((row) => [row.table, row.person])).toEqual([
      ["12", "Ana"],
      ["Infantil", "Leo"],
    ]);
  });
});
