// Wall-clock times of the wedding ("2027-06-12T18:00" in Europe/Madrid) to instants and back. One place for the
// seed commands, the BFF and the page, so a time never means two different things. Free of zod for the page.
import { TZDate } from "@date-fns/tz";

/**
 * `2027-06-12T17:30` (or `2027-06-12`, meaning midnight) in `Europe/Madrid` → the instant; undefined when that
 * wall-clock time does not exist there (the hour skipped when summer time starts) or the text is not such a time.
 */
export function localToInstant(local: string, timeZone: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const zoned = new TZDate(year, month - 1, day, hour, minute, timeZone);
  const roundTrips =
    zoned.getFullYear() === year &&
    zoned.getMonth() === month - 1 &&
    zoned.getDate() === day &&
    zoned.getHours() === hour &&
    zoned.getMinutes() === minute;
  return roundTrips ? new Date(zoned.getTime()) : undefined;
}

/** The calendar date (`2027-06-12`) an instant falls on in a time zone. */
export function localDateIn(instant: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}
