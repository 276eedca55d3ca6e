// A calendar day of the wedding as guests read it. Free of time-zone arithmetic on purpose: every first paint shows
// it (format-time.ts, with the time-zone library, downloads with the screens that show times).
import type { Messages } from "./i18n/es";

/**
 * A calendar day of the wedding ("2027-06-12") → "sábado, 12 de junio de 2027" / "Saturday, 12 June 2027". A day
 * is the same day in every time zone, so it is formatted as itself (in UTC) with no time-zone arithmetic.
 */
export function formatWeddingDate(date: string, t: Messages): string {
  return new Intl.DateTimeFormat(t.locale, { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
