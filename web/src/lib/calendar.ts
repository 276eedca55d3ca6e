// The wedding's events as calendar entries, made from what the page already holds, and their Google Calendar
// links. Small and library-free on purpose: the places screen's first paint imports it; the .ics file is ics-file.ts.
import { type Language, pickText } from "@boda/server/contract/language";
import { slugify } from "@boda/server/contract/slug";
import { zonedToInstant } from "./format-time";
import type { Messages } from "./i18n/es";
import type { LocationItem, OpenSiteContent } from "./trpc";

type EventItem = OpenSiteContent["events"][number];

/** What a calendar needs to know about the wedding besides its events. */
export type CalendarWedding = Pick<OpenSiteContent, "couple" | "wedding" | "version">;

export interface CalendarEvent {
  /** The same for an event every time it is added, so calendars update it instead of adding a copy. */
  uid: string;
  /** Used in file names; a slug from the content file. */
  id: string;
  title: string;
  start: Date;
  end: Date;
  timeZone: string;
  place: { name: string; address?: string; coordinates?: { lat: number; lng: number } };
  description: string;
}

export interface CalendarFile {
  fileName: string;
  /** The calendar's name, shown by apps that import it as a calendar of its own. */
  name: string;
  /** The published content's version: a higher SEQUENCE tells calendars a re-added event is newer. */
  version: number;
  events: CalendarEvent[];
}

/**
 * One event as a calendar entry in the guest's language. Every event carries its place's name and address; the
 * places screen also passes the place itself, whose coordinates give calendar apps a map pin.
 */
export function calendarEvent(
  event: EventItem,
  wedding: CalendarWedding,
  place: LocationItem | undefined,
  language: Language,
  t: Messages,
): CalendarEvent {
  const couple = wedding.couple.names.join(" & ");
  const description = [
    event.description ? pickText(event.description, language) : undefined,
    event.dressCode ? `${t.dressCode}: ${pickText(event.dressCode, language)}` : undefined,
  ].filter((line) => line !== undefined);
  return {
    uid: `${slugify(wedding.couple.names.join("-"))}.${event.id}@boda`,
    id: event.id,
    title: t.calendarEventTitle(pickText(event.title, language), couple),
    start: zonedToInstant(event.start, wedding.wedding.timeZone),
    end: zonedToInstant(event.end, wedding.wedding.timeZone),
    timeZone: wedding.wedding.timeZone,
    place: place
      ? { name: place.name, address: place.address, coordinates: place.coordinates }
      : { name: event.locationName, address: event.locationAddress || undefined },
    description: description.join("\n"),
  };
}

/** One event's file (`boda-lucia-mateo-ceremonia.ics`) or, given no event id, the whole wedding's. */
export function calendarFile(
  events: CalendarEvent[],
  wedding: CalendarWedding,
  t: Messages,
  eventId?: string,
): CalendarFile {
  const couple = wedding.couple.names.join(" & ");
  const base = slugify([t.calendarFilePrefix, ...wedding.couple.names].join("-"));
  return {
    fileName: `${eventId ? `${base}-${eventId}` : base}.ics`,
    name: t.calendarName(couple),
    version: wedding.version,
    events: eventId ? events.filter((event) => event.id === eventId) : events,
  };
}

/** "name, address", the way both calendars and maps find a place. */
export function placeText(place: CalendarEvent["place"]): string {
  return place.address ? `${place.name}, ${place.address}` : place.name;
}

/** 2027-06-12T16:00:00.000Z → 20270612T160000Z, the form iCalendar and Google Calendar use for UTC times. */
function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Google Calendar's "add event" page, filled in; `ctz` shows the times in the wedding's zone. */
export function googleCalendarUrl(event: CalendarEvent): string {
  const url = new URL("https://calendar.google.com/calendar/render");
  url.searchParams.set("action", "TEMPLATE");
  url.searchParams.set("text", event.title);
  url.searchParams.set("dates", `${utcStamp(event.start)}/${utcStamp(event.end)}`);
  url.searchParams.set("ctz", event.timeZone);
  url.searchParams.set("location", placeText(event.place));
  if (event.description) url.searchParams.set("details", event.description);
  return url.href;
}
