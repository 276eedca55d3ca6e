// Reads an .ics file back the way a calendar app does (with ical.js), so tests check what a guest's calendar gets.
import ICAL from "ical.js";

export interface ParsedCalendarEvent {
  uid: string;
  sequence: number;
  summary: string;
  /** UTC instants, ISO 8601. */
  start: string;
  end: string;
  location: string;
  description: string | null;
  geo: [number, number] | null;
}

export function parseIcs(text: string): { name: string | null; events: ParsedCalendarEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    const geo = component.getFirstPropertyValue("geo");
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      location: event.location,
      description: event.description ?? null,
      geo: Array.isArray(geo) ? (geo as [number, number]) : null,
    };
  });
  const name = calendar.getFirstPropertyValue("x-wr-calname");
  return { name: typeof name === "string" ? name : null, events };
}
