// Turns households and their RSVPs into what the couple follows: totals per event, pending households with a
// WhatsApp reminder in their language, and export rows (everyone; caterer's meals and allergies). Pure.
import type { Content } from "@boda/server/contract/content";
import type { Household } from "@boda/server/contract/household";
import { type Language, pickText } from "@boda/server/contract/language";
import { isAttendingAnything, type Rsvp, type RsvpPerson } from "@boda/server/contract/rsvp";

export type HouseholdStatus = "confirmed" | "declined" | "pending";

export interface Entry {
  household: Household;
  rsvp?: Rsvp;
}

export function statusOf({ rsvp }: Entry): HouseholdStatus {
  if (!rsvp) return "pending";
  return rsvp.people.some(isAttendingAnything) ? "confirmed" : "declined";
}

/** Events a household is invited to: those for everyone, plus those restricted to one of its tags. */
export function eventsFor(household: Household, content: Pick<Content, "events">): Content["events"] {
  return content.events.filter(
    (event) => event.visibleTo.length === 0 || event.visibleTo.some((tag) => household.tags.includes(tag)),
  );
}

export interface EventTotals {
  eventId: string;
  title: string;
  invitedSeats: number;
  coming: number;
  notComing: number;
  /** Seats of households that have not answered. */
  pendingSeats: number;
}

export interface Totals {
  households: Record<HouseholdStatus | "invited", number>;
  seats: Record<HouseholdStatus | "invited", number>;
  /** People who answered: coming to at least one event, or to none. */
  people: { coming: number; notComing: number };
  events: EventTotals[];
}

export function totals(entries: readonly Entry[], content: Pick<Content, "events">): Totals {
  const households = { invited: 0, confirmed: 0, declined: 0, pending: 0 };
  const seats = { invited: 0, confirmed: 0, declined: 0, pending: 0 };
  const people = { coming: 0, notComing: 0 };
  for (const entry of entries) {
    const status = statusOf(entry);
    households.invited += 1;
    households[status] += 1;
    seats.invited += entry.household.seats;
    seats[status] += entry.household.seats;
    for (const person of entry.rsvp?.people ?? []) {
      if (isAttendingAnything(person)) people.coming += 1;
      else people.notComing += 1;
    }
  }
  const events = content.events.map((event) => {
    const row: EventTotals = {
      eventId: event.id,
      title: pickText(event.title, "es"),
      invitedSeats: 0,
      coming: 0,
      notComing: 0,
      pendingSeats: 0,
    };
    for (const entry of entries) {
      if (!eventsFor(entry.household, content).includes(event)) continue;
      row.invitedSeats += entry.household.seats;
      if (!entry.rsvp) row.pendingSeats += entry.household.seats;
      for (const person of entry.rsvp?.people ?? []) {
        if (person.attending[event.id]) row.coming += 1;
        else row.notComing += 1;
      }
    }
    return row;
  });
  return { households, seats, people, events };
}

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
    const invited = new Set(eventsFor(household, content).map((event) => event.id));
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
      row.allergies = person.allergies ?? "";
      for (const question of content.rsvpQuestions) {
        const answer = person.answers?.[question.id];
        row[`question:${question.id}`] =
          answer === undefined ? "" : typeof answer === "boolean" ? (answer ? "yes" : "no") : answer;
      }
      return row;
    });
  });
}

function mealLabel(content: Pick<Content, "meals">, mealId: string): string {
  const meal = content.meals.find((candidate) => candidate.id === mealId);
  return meal ? pickText(meal.label, "es") : mealId;
}

export interface CatererReport {
  rows: ExportRow[];
  /** Per event: meal label → count, plus how many people declared allergies. */
  summary: Array<{ eventId: string; title: string; people: number; meals: Record<string, number>; allergies: number }>;
}

/** Who eats what at each event: only people coming to it, with their meal and allergies. */
export function catererReport(entries: readonly Entry[], content: Pick<Content, "events" | "meals">): CatererReport {
  const rows: ExportRow[] = [];
  const summary: CatererReport["summary"] = [];
  for (const event of content.events) {
    const perEvent = {
      eventId: event.id,
      title: pickText(event.title, "es"),
      people: 0,
      meals: {} as Record<string, number>,
      allergies: 0,
    };
    for (const { household, rsvp } of entries) {
      for (const person of rsvp?.people ?? []) {
        if (!person.attending[event.id]) continue;
        const meal = person.mealId ? mealLabel(content, person.mealId) : "(not chosen)";
        perEvent.people += 1;
        perEvent.meals[meal] = (perEvent.meals[meal] ?? 0) + 1;
        if (person.allergies) perEvent.allergies += 1;
        rows.push({
          event: event.id,
          event_title: perEvent.title,
          start: event.start,
          person: person.name,
          household: household.displayName,
          child: person.child ? "yes" : "no",
          meal,
          allergies: person.allergies ?? "",
        });
      }
    }
    summary.push(perEvent);
  }
  return { rows, summary };
}
