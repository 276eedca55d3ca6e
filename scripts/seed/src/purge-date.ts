// When `seed data purge --after <date>` may run: the date must not fall before the wedding is over (the end of its
// last event, in the wedding's time zone), and that date must have come. Pure, so every case is tested without a clock.

import { CommandError } from "@boda/kit/problems";
import type { Content } from "@boda/server/contract/content";
import { LocalDate } from "@boda/server/contract/content";
import { localDateIn, localToInstant, wallClock } from "@boda/server/contract/wedding-time";

const EXAMPLE = "pnpm seed data purge --after 2027-07-01";

/** The instant the wedding's last event ends. */
export function weddingEnd(content: Pick<Content, "events" | "wedding">): Date {
  const ends = content.events.flatMap((event) => localToInstant(event.end, content.wedding.timeZone) ?? []);
  return new Date(Math.max(...ends.map((end) => end.getTime())));
}

/** The first calendar day that starts once the wedding is over: the earliest date `--after` accepts. */
export function firstDayAfter(end: Date, timeZone: string): string {
  const endDay = localDateIn(end, timeZone);
  if (localToInstant(endDay, timeZone)?.getTime() === end.getTime()) return endDay;
  const next = new Date(`${endDay}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * Checks `--after <date>` (a calendar day in the wedding's time zone, from its first minute) and returns that
 * instant; a CommandError saying which rule failed and the fix otherwise.
 */
export function checkPurgeDate(after: string, content: Pick<Content, "events" | "wedding">, now: Date): Date {
  const { timeZone } = content.wedding;
  const start = LocalDate.safeParse(after).success ? localToInstant(after, timeZone) : undefined;
  if (!start) {
    throw new CommandError(`--after "${after}" is not a date; nothing was deleted.`, [
      { where: "--after", message: "write the day as YYYY-MM-DD", example: EXAMPLE },
    ]);
  }
  const end = weddingEnd(content);
  const earliest = firstDayAfter(end, timeZone);
  if (start < end) {
    throw new CommandError(`--after ${after} is before the wedding is over; nothing was deleted.`, [
      {
        where: "--after",
        message: `the last event ends ${wallClock(end, timeZone).replace(",", "")} (${timeZone}); choose ${earliest} or later`,
        example: `pnpm seed data purge --after ${earliest}`,
      },
    ]);
  }
  if (now < start) {
    throw new CommandError(`${after} has not come yet; nothing was deleted.`, [
      {
        where: "--after",
        message: `today is ${localDateIn(now, timeZone)} in ${timeZone}; run the purge on or after ${after}`,
      },
    ]);
  }
  return start;
}
