// Dates and times of the wedding, always shown in the wedding's time zone whatever the guest's phone says.
import type { Messages } from "./i18n/es";

/** The UTC offset (minutes) of a time zone at an instant, read back from Intl. */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallAsUtc = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return (wallAsUtc - Math.floor(instant / 1000) * 1000) / 60_000;
}

/** The instant of a wall-clock time ("2027-06-12T18:00" or "2027-06-12") in a time zone. */
export function zonedToInstant(local: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(local);
  if (!match) throw new Error(`"${local}" is not a local date such as 2027-06-12 or 2027-06-12T18:00.`);
  const [, year, month, day, hour = "0", minute = "0"] = match;
  const wallAsUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  // The offset at the guessed instant can differ from the offset at the true one around DST changes; a second pass settles it.
  const guess = wallAsUtc - offsetMinutes(wallAsUtc, timeZone) * 60_000;
  return new Date(wallAsUtc - offsetMinutes(guess, timeZone) * 60_000);
}

/** "sábado, 12 de junio de 2027" / "Saturday 12 June 2027". Noon avoids any DST edge at midnight. */
export function formatWeddingDate(date: string, timeZone: string, t: Messages): string {
  return new Intl.DateTimeFormat(t.locale, { dateStyle: "full", timeZone }).format(
    zonedToInstant(`${date}T12:00`, timeZone),
  );
}

/** "18:00" in the wedding's time zone; the guest's language decides 12- or 24-hour style. */
export function formatTime(local: string, timeZone: string, t: Messages): string {
  return new Intl.DateTimeFormat(t.locale, { timeStyle: "short", timeZone }).format(zonedToInstant(local, timeZone));
}

/** "sáb, 12 jun" for an event's day. */
export function formatShortDay(local: string, timeZone: string, t: Messages): string {
  return new Intl.DateTimeFormat(t.locale, { weekday: "short", day: "numeric", month: "short", timeZone }).format(
    zonedToInstant(local, timeZone),
  );
}

/** Whole days from today (in the wedding's time zone) to the wedding date; negative once it has passed. */
export function daysUntil(date: string, timeZone: string, now: Date): number {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  const toUtcDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
  return Math.round(toUtcDay(date) - toUtcDay(today));
}
