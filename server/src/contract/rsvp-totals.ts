// Counting answers: each household's status and the totals per event, the same for `pnpm seed rsvp status` and
// the couple's page. Pure.

import { isAttendingAnything } from "./attendance";
import type { Content } from "./content";
import { eventsForTags } from "./guest-events";
import type { Household } from "./household";
import { pickText } from "./language";
import type { Rsvp } from "./rsvp";

export type HouseholdStatus = "confirmed" | "declined" | "pending";

export interface Entry {
  household: Household;
  rsvp?: Rsvp;
}

export function statusOf({ rsvp }: Pick<Entry, "rsvp">): HouseholdStatus {
  if (!rsvp) return "pending";
  return rsvp.people.some(isAttendingAnything) ? "confirmed" : "declined";
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
      if (!eventsForTags(content.events, entry.household.tags).includes(event)) continue;
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
