// Turns households and their RSVPs into what the couple follows: totals per event, pending households with a
// WhatsApp reminder in their language, and export rows (everyone; caterer's meals and allergies). Pure.

import { isAttendingAnything } from "@boda/server/contract/attendance";
import type { Content } from "@boda/server/contract/content";
import { eventsForTags } from "@boda/server/contract/guest-events";
import type { Household } from "@boda/server/contract/household";
import { type Language, pickText } from "@boda/server/contract/language";
import type { RsvpChange, RsvpPerson } from "@boda/server/contract/rsvp";
import { type Entry, statusOf } from "@boda/server/contract/rsvp-totals";

function longDate(date: string, language: Language): string {
  return new Intl.DateTimeFormat(language === "es" ? "es-ES" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** The reminder a household receives, in its language; the deadline sentence is left out when unknown. */
export function reminderText(
  household: Household,
  coupleNames: readonly string[],
  link: string,
  deadline?: string,
): string {
  const couple = coupleNames.join(household.language === "es" ? " y " : " and ");
  if (household.language === "en") {
    const by = deadline ? ` by ${longDate(deadline, "en")}` : "";
    return `Hi ${household.displayName}! A friendly reminder from ${couple}: please let us know${by} whether you can come to our wedding. Everything is here: ${link}`;
  }
  const by = deadline ? ` antes del ${longDate(deadline, "es")}` : "";
  return `¡Hola, ${household.displayName}! Un recordatorio de ${couple}: decidnos${by} si podéis venir a nuestra boda. Aquí lo tenéis todo: ${link}`;
}

/** wa.me link with the text filled in; without a phone number WhatsApp asks which chat to send it to. */
export function whatsappLink(phone: string | undefined, text: string): string {
  const digits = phone?.replace(/\D/g, "") ?? "";
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

export type ExportRow = Record<string, string | number>;

/** One row per person: answered people as they answered, unanswered households as their named and unnamed seats. */
export function peopleRows(
  entries: readonly Entry[],
  content: Pick<Content, "events" | "meals" | "rsvpQuestions">,
): ExportRow[] {
  return entries.flatMap((entry) => {
    const { household } = entry;
    const status = statusOf(entry);
    const invited = new Set(eventsForTags(content.events, household.tags).map((event) => event.id));
    const base = {
      household_key: household.key,
      household: household.displayName,
      language: household.language,
      tags: household.tags.join("; "),
      status,
      email: household.email ?? "",
      phone: household.phone ?? "",
    };
    const people: Array<Pick<RsvpPerson, "personId" | "name" | "child"> & Partial<RsvpPerson>> = entry.rsvp
      ? entry.rsvp.people
      : [
          ...household.members.map((member) => ({ personId: member.id, name: member.name, child: member.child })),
          ...Array.from({ length: household.plusOnes }, (_, index) => ({
            personId: `plus-${index + 1}`,
            name: `(plus-one ${index + 1})`,
            child: false,
          })),
        ];
    return people.map((person) => {
      const row: ExportRow = {
        ...base,
        person: person.name,
        person_id: person.personId,
        child: person.child ? "yes" : "no",
      };
      for (const event of content.events) {
        row[`event:${event.id}`] = !invited.has(event.id)
          ? "not invited"
          : person.attending === undefined
            ? "pending"
            : person.attending[event.id]
              ? "yes"
              : "no";
      }
      row.meal = person.mealId ? mealLabel(content, person.mealId) : "";
      row.dietary = person.dietary?.join("; ") ?? "";
      row.dietary_notes = person.dietaryNotes ?? "";
      // Questions are answered once per household; each of its rows repeats the answer for easy filtering.
      for (const question of content.rsvpQuestions) {
        const answer = entry.rsvp?.answers[question.id];
        row[`question:${question.id}`] =
          answer === undefined ? "" : typeof answer === "boolean" ? (answer ? "yes" : "no") : answer;
      }
      row.message = entry.rsvp?.message ?? "";
      row.responded_at = entry.rsvp?.respondedAt ?? "";
      return row;
    });
  });
}

function mealLabel(content: Pick<Content, "meals">, mealId: string): string {
  const meal = content.meals.find((candidate) => candidate.id === mealId);
  return meal ? pickText(meal.label, "es") : mealId;
}

/** How many plates of each meal, and how many people declared dietary needs. */
export interface PlateCount {
  people: number;
  meals: Record<string, number>;
  dietary: number;
}

export interface CatererReport {
  /** One row per plate, grouped by event and then by table. */
  rows: ExportRow[];
  /** Per event with a meal, and within it per table (in the tables' natural order, the unseated last). */
  summary: Array<{ eventId: string; title: string; tables: Array<{ table: string } & PlateCount> } & PlateCount>;
}

/** Written for people the guest list gives no table. */
export const NO_TABLE = "(no table)";

/** A person's table: their own, else their household's (plus-ones sit with the household). */
function tableOf(household: Household, personId: string): string {
  return household.members.find((member) => member.id === personId)?.table ?? household.table ?? NO_TABLE;
}

const byTable = (a: string, b: string) =>
  a === NO_TABLE ? 1 : b === NO_TABLE ? -1 : a.localeCompare(b, "es", { numeric: true });

function countPlate(count: PlateCount, meal: string, hasDietaryNeeds: boolean): void {
  count.people += 1;
  count.meals[meal] = (count.meals[meal] ?? 0) + 1;
  if (hasDietaryNeeds) count.dietary += 1;
}

/**
 * Who eats what at each event that serves a meal, table by table: only people coming to it, with their meal and
 * dietary needs, so the kitchen can plate each table.
 */
export function catererReport(entries: readonly Entry[], content: Pick<Content, "events" | "meals">): CatererReport {
  const rows: ExportRow[] = [];
  const summary: CatererReport["summary"] = [];
  for (const event of content.events.filter((each) => each.meal)) {
    const title = pickText(event.title, "es");
    const perEvent = { eventId: event.id, title, people: 0, meals: {} as Record<string, number>, dietary: 0 };
    const perTable = new Map<string, PlateCount>();
    const eventRows: ExportRow[] = [];
    for (const { household, rsvp } of entries) {
      for (const person of rsvp?.people ?? []) {
        if (!person.attending[event.id]) continue;
        const meal = person.mealId ? mealLabel(content, person.mealId) : "(not chosen)";
        const table = tableOf(household, person.personId);
        const hasDietaryNeeds = person.dietary.length > 0 || Boolean(person.dietaryNotes);
        countPlate(perEvent, meal, hasDietaryNeeds);
        if (!perTable.has(table)) perTable.set(table, { people: 0, meals: {}, dietary: 0 });
        countPlate(perTable.get(table) as PlateCount, meal, hasDietaryNeeds);
        eventRows.push({
          event: event.id,
          event_title: title,
          start: event.start,
          table,
          person: person.name,
          household: household.displayName,
          child: person.child ? "yes" : "no",
          meal,
          dietary: person.dietary.join("; "),
          dietary_notes: person.dietaryNotes ?? "",
        });
      }
    }
    rows.push(...eventRows.sort((a, b) => byTable(String(a.table), String(b.table))));
    const tables = [...perTable.keys()]
      .sort(byTable)
      .map((table) => ({ table, ...(perTable.get(table) as PlateCount) }));
    summary.push({ ...perEvent, tables });
  }
  return { rows, summary };
}

/** What a revision changed, person by person, in the couple's words: "Antonio Fernández: fiesta yes → no". */
export function describeChange(change: RsvpChange, content: Pick<Content, "events" | "meals">): string[] {
  const yesNo = (value: boolean | undefined) => (value === undefined ? "—" : value ? "yes" : "no");
  const meal = (mealId: string | undefined) => (mealId ? mealLabel(content, mealId) : "—");
  const { before, after } = change;
  if (!before) {
    const coming = after.people.filter(isAttendingAnything).map((person) => person.name);
    return [
      `first answer: ${coming.length} of ${after.people.length} coming${coming.length ? ` (${coming.join(", ")})` : ""}`,
    ];
  }
  const lines: string[] = [];
  const earlier = new Map(before.people.map((person) => [person.personId, person]));
  for (const person of after.people) {
    const was = earlier.get(person.personId);
    earlier.delete(person.personId);
    if (!was) {
      lines.push(`${person.name}: added (${isAttendingAnything(person) ? "coming" : "not coming"})`);
      continue;
    }
    const changes: string[] = [];
    if (was.name !== person.name) changes.push(`name ${was.name} → ${person.name}`);
    for (const event of content.events) {
      const from = was.attending[event.id];
      const to = person.attending[event.id];
      if (from !== to) changes.push(`${event.id} ${yesNo(from)} → ${yesNo(to)}`);
    }
    if (was.mealId !== person.mealId) changes.push(`meal ${meal(was.mealId)} → ${meal(person.mealId)}`);
    // Allergies and dietary notes stay out of printed output (terminals, scrollback, pasted logs): only that they
    // changed. The exports (`rsvp export`, `--caterer`) carry them.
    const needs = (each: RsvpPerson) => JSON.stringify([each.dietary, each.dietaryNotes ?? ""]);
    if (needs(was) !== needs(person)) changes.push("dietary needs changed (see rsvp export)");
    if (changes.length > 0) lines.push(`${person.name}: ${changes.join("; ")}`);
  }
  for (const gone of earlier.values()) lines.push(`${gone.name}: removed`);
  const questions = new Set([...Object.keys(before.answers), ...Object.keys(after.answers)]);
  for (const question of questions) {
    const [from, to] = [before.answers[question], after.answers[question]];
    if (from !== to) lines.push(`question ${question}: ${String(from ?? "—")} → ${String(to ?? "—")}`);
  }
  if ((before.message ?? "") !== (after.message ?? "")) lines.push("message changed");
  return lines.length > 0 ? lines : ["no change (sent again as it was)"];
}
