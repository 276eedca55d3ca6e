// Calendar entries, .ics files and Google Calendar links, read back as a calendar would: right instants (past midnight
// and across summer time), the place, the dress code, the guest's language and UIDs that stay the same.
import { describe, expect, it } from "vitest";
import { coupleViews } from "../test/fixtures";
import { parseIcs } from "../test/ics";
import { type CalendarWedding, calendarEvent, calendarFile, googleCalendarUrl } from "./calendar";
import { en } from "./i18n/en";
import { es } from "./i18n/es";
import { icsText } from "./ics-file";
import type { OpenSiteContent } from "./trpc";

type EventItem = OpenSiteContent["events"][number];

const { site, locations } = coupleViews();
const wedding: CalendarWedding = site;
function eventOf(id: string): EventItem {
  const event = site.events.find((candidate) => candidate.id === id);
  if (!event) throw new Error(`the example wedding has no event ${id}`);
  return event;
}
// The example wedding's evening at the estate: dinner runs past midnight and the party starts at 00:30.
const [ceremonia, fiesta] = [eventOf("ceremonia"), eventOf("fiesta")];
const banquete: EventItem = {
  ...eventOf("banquete"),
  dressCode: { es: "Formal; zapatos cómodos para el césped.", en: "Formal; comfortable shoes for the lawn." },
};
const program = [ceremonia, banquete, fiesta];
const placeOf = (event: EventItem) => locations.find((location) => location.id === event.locationId);

function file(events: EventItem[], language: "es" | "en" = "es", eventId?: string) {
  const t = language === "es" ? es : en;
  const entries = events.map((event) => calendarEvent(event, wedding, placeOf(event), language, t));
  return calendarFile(entries, wedding, t, eventId);
}

describe("the whole wedding's .ics file", () => {
  const whole = file(program);
  const { name, events } = parseIcs(icsText(whole));

  it("should hold every event at its instant in Madrid, including those past midnight", () => {
    expect(whole.fileName).toBe("boda-lucia-mateo.ics");
    expect(name).toBe("Boda de Lucía & Mateo");
    expect(events.map(({ summary, start, end }) => ({ summary, start, end }))).toEqual([
      {
        summary: "Ceremonia · Boda de Lucía & Mateo",
        start: "2027-06-12T16:00:00.000Z",
        end: "2027-06-12T17:00:00.000Z",
      },
      {
        summary: "Cóctel y banquete · Boda de Lucía & Mateo",
        start: "2027-06-12T17:30:00.000Z",
        end: "2027-06-12T22:30:00.000Z",
      },
      { summary: "Fiesta · Boda de Lucía & Mateo", start: "2027-06-12T22:30:00.000Z", end: "2027-06-13T02:00:00.000Z" },
    ]);
  });

  it("should give each event its place's name, address and coordinates", () => {
    const [church, , party] = events;
    expect(church?.location).toBe(
      "Iglesia Prioral de Santa María\nPlaza Marqués de las Torres, 41410 Carmona, Sevilla",
    );
    expect(church?.geo).toEqual([37.4716, -5.6418]);
    expect(party?.location).toBe("Hacienda Los Olivos\nCarretera A-398 km 4, 41410 Carmona, Sevilla");
  });

  it("should describe each event with its description and dress code", () => {
    const [church, dinner, party] = events;
    expect(church?.description).toBe("Vestimenta: Formal. Hará calor.");
    expect(dinner?.description).toBe("Vestimenta: Formal; zapatos cómodos para el césped.");
    expect(party?.description).toBe("Barra libre hasta que el cuerpo aguante.");
  });

  it("should keep each event's UID across files and languages, with the content version as SEQUENCE", () => {
    const again = parseIcs(icsText(file(program, "en"))).events;
    const single = parseIcs(icsText(file(program, "es", "banquete"))).events;
    expect(events.map((event) => event.uid)).toEqual([
      "lucia-mateo.ceremonia@boda",
      "lucia-mateo.banquete@boda",
      "lucia-mateo.fiesta@boda",
    ]);
    expect(again.map((event) => event.uid)).toEqual(events.map((event) => event.uid));
    expect(single.map((event) => event.uid)).toEqual(["lucia-mateo.banquete@boda"]);
    expect(events.every((event) => event.sequence === site.version)).toBe(true);
  });
});

describe("one event's .ics file", () => {
  it("should hold only that event, named in the guest's language", () => {
    const dinner = file(program, "en", "banquete");
    expect(dinner.fileName).toBe("wedding-lucia-mateo-banquete.ics");
    const { name, events } = parseIcs(icsText(dinner));
    expect(name).toBe("Lucía & Mateo's wedding");
    expect(events).toMatchObject([
      {
        summary: "Cocktails and dinner · Lucía & Mateo's wedding",
        start: "2027-06-12T17:30:00.000Z",
        end: "2027-06-12T22:30:00.000Z",
        description: "Dress code: Formal; comfortable shoes for the lawn.",
      },
    ]);
  });

  it("should be right in winter and across the night summer time ends", () => {
    const winter = { ...ceremonia, id: "winter", start: "2027-01-16T18:00", end: "2027-01-16T19:00" };
    // Clocks go back from 03:00 to 02:00 on 31 October 2027: the party lasts 3.5 hours, not 2.5.
    const lastNight = { ...fiesta, id: "last-night", start: "2027-10-31T00:30", end: "2027-10-31T03:00" };
    const { events } = parseIcs(icsText(file([winter, lastNight])));
    expect(events.map(({ start, end }) => [start, end])).toEqual([
      ["2027-01-16T17:00:00.000Z", "2027-01-16T18:00:00.000Z"],
      ["2027-10-30T22:30:00.000Z", "2027-10-31T02:00:00.000Z"],
    ]);
  });

  it("should give the place's name and address, without a map pin, when only the program is at hand", () => {
    const entry = calendarEvent(fiesta, wedding, undefined, "es", es);
    const { events } = parseIcs(icsText(calendarFile([entry], wedding, es, "fiesta")));
    expect(events[0]?.location).toBe("Hacienda Los Olivos\nCarretera A-398 km 4, 41410 Carmona, Sevilla");
    expect(events[0]?.geo).toBeNull();
  });
});

describe("googleCalendarUrl", () => {
  it("should fill in Google Calendar's new event with UTC dates, the wedding's zone, place and dress code", () => {
    const url = new URL(googleCalendarUrl(calendarEvent(banquete, wedding, placeOf(banquete), "es", es)));
    expect(`${url.origin}${url.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: "TEMPLATE",
      text: "Cóctel y banquete · Boda de Lucía & Mateo",
      dates: "20270612T173000Z/20270612T223000Z",
      ctz: "Europe/Madrid",
      location: "Hacienda Los Olivos, Carretera A-398 km 4, 41410 Carmona, Sevilla",
      details: "Vestimenta: Formal; zapatos cómodos para el césped.",
    });
  });

  it("should carry the party's dates into the next day", () => {
    const url = new URL(googleCalendarUrl(calendarEvent(fiesta, wedding, placeOf(fiesta), "en", en)));
    expect(url.searchParams.get("dates")).toBe("20270612T223000Z/20270613T020000Z");
    expect(url.searchParams.get("text")).toBe("Party · Lucía & Mateo's wedding");
  });
});
