// Times of the wedding, always shown in the wedding's time zone whatever the guest's phone says.
import { localDateIn, localToInstant } from "@boda/server/contract/wedding-time";
import type { Messages } from "./i18n/es";

/** The instant of a wedding wall-clock time ("2027-06-12T18:00" or "2027-06-12"). */
export function zonedToInstant(local: string, timeZone: string): Date {
  const instant = localToInstant(local, timeZone);
  // The seed command refuses times that do not exist in the wedding's zone, so this means a broken publish.
  if (!instant) throw new Error(`"${local}" is not a time that exists in ${timeZone}.`);
  return instant;
}

/** "18:00" in the wedding's time zone; the guest's language decides 12- or 24-hour style. */
export function formatTime(local: string, timeZone: string, t: Messages): string {
  return new Intl.DateTimeFormat(t.locale, { timeStyle: "short", timeZone }).format(zonedToInstant(local, timeZone));
}

/**
 * The time of day of an instant on the wedding's clock ("7:05", "19:41"; "7:05 PM" in English), for the moments the
 * page reports: when the couple wrote an announcement, when the content was last refreshed. Without a time zone (an
 * invited-only page before sign-in) the phone's own clock.
 */
export function formatClockTime(instant: Date | number, timeZone: string | undefined, t: Messages): string {
  return new Intl.DateTimeFormat(t.locale, { timeStyle: "short", timeZone }).format(instant);
}

/** "sáb, 12 jun" for an event's day. */
export function formatShortDay(local: string, timeZone: string, t: Messages): string {
  return new Intl.DateTimeFormat(t.locale, { weekday: "short", day: "numeric", month: "short", timeZone }).format(
    zonedToInstant(local, timeZone),
  );
}

/** Whole days from today (in the wedding's time zone) to the wedding date; negative once it has passed. */
export function daysUntil(date: string, timeZone: string, now: Date): number {
  const today = localDateIn(now, timeZone);
  const toUtcDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
  return Math.round(toUtcDay(date) - toUtcDay(today));
}

/** An instant ("2027-04-02T10:15:00Z") as the wedding's clock shows it: "2 abr 2027, 12:15". */
export function formatInstant(iso: string, timeZone: string, t: Messages): string {
  return new Intl.DateTimeFormat(t.locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
}
