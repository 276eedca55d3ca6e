// Wall-clock times of the wedding ("2027-06-12T18:00" in Europe/Madrid) to instants and back. One place for the
// seed commands, the BFF and the page, so a time never means two different things. Free of zod for the page.
import { tzOffset } from "@date-fns/tz";

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
  // The wall-clock time read as if it were UTC, then moved by the zone's offset at that moment. Offsets are read
  // with the library's tzOffset (Intl underneath) rather than a Date subclass, so any Date implementation works.
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const guess = asUtc - tzOffset(timeZone, new Date(asUtc)) * 60_000;
  // Near a change of offset the first guess can be off by the change; one more step settles it.
  const instant = asUtc - tzOffset(timeZone, new Date(guess)) * 60_000;
  // A wall-clock time the clocks skip (summer time starting) reads back differently: it does not exist there.
  return wallClock(new Date(instant), timeZone) === wallClock(new Date(asUtc), "UTC") ? new Date(instant) : undefined;
}

/** "2027-06-12, 23:30": the instant's date and time (24 h) on the clocks of `timeZone`. */
export function wallClock(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);
}

/** The calendar date (`2027-06-12`) an instant falls on in a time zone. */
export function localDateIn(instant: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}
