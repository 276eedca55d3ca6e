// Whether a household may still answer or change its answer: the `rsvp_open` switch and the deadline day, judged
// in the wedding's time zone (the deadline day is included). Shared by the BFF, the page and the seed commands.
import { localToInstant } from "./wedding-time";

export type RsvpClosedReason = "not-open-yet" | "closed" | "deadline-passed";

export interface RsvpWindow {
  open: boolean;
  /** The last day to answer, `2027-05-01`, in the wedding's time zone. */
  deadline: string;
  /** The instant answers stop being accepted: the start of the day after the deadline, there. */
  closesAt: string;
  /** Why answers are not accepted; absent while open. */
  reason?: RsvpClosedReason;
}

export function rsvpWindow(
  switches: { rsvp_open: boolean; rsvp_deadline: string; site_phase: string },
  timeZone: string,
  now: Date,
): RsvpWindow {
  const closesAt = localToInstant(dayAfter(switches.rsvp_deadline), timeZone);
  if (!closesAt) throw new Error(`The RSVP deadline "${switches.rsvp_deadline}" is not a date in ${timeZone}.`);
  const base = { deadline: switches.rsvp_deadline, closesAt: closesAt.toISOString() };
  if (!switches.rsvp_open) {
    // Before the invitations go out, answers are not closed: they have not opened yet.
    return { ...base, open: false, reason: switches.site_phase === "save-the-date" ? "not-open-yet" : "closed" };
  }
  if (now.getTime() >= closesAt.getTime()) return { ...base, open: false, reason: "deadline-passed" };
  return { ...base, open: true };
}

/** `2027-05-01` → `2027-05-02`, on the calendar (no clock or zone involved). */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
