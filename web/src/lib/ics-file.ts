// The .ics file of one event or the whole wedding, made in the browser with ical-generator. Only ever imported
// lazily (on the first "add to calendar" tap), so the library stays out of first paint.
import ical, { ICalCalendarMethod } from "ical-generator";
import type { CalendarFile } from "./calendar";

/** Apple Calendar shows a map and travel time only for a structured location, which needs a radius in metres. */
const PLACE_RADIUS_METRES = 100;

/**
 * Times are written as UTC instants (…Z), computed from the wedding's zone: every calendar shows them right,
 * in any zone and across summer time, without shipping time-zone definitions to the phone.
 */
export function icsText(file: CalendarFile): string {
  const calendar = ical({
    name: file.name,
    prodId: { company: "boda", product: "boda", language: "ES" },
    // A published event to copy into one's own calendar, not an invitation to answer.
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const event of file.events) {
    const { name, address, coordinates } = event.place;
    calendar.createEvent({
      id: event.uid,
      sequence: file.version,
      start: event.start,
      end: event.end,
      summary: event.title,
      description: event.description || null,
      location: {
        title: name,
        ...(address ? { address } : {}),
        ...(coordinates ? { geo: { lat: coordinates.lat, lon: coordinates.lng }, radius: PLACE_RADIUS_METRES } : {}),
      },
    });
  }
  return calendar.toString();
}
