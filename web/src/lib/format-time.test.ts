// Times are the wedding's local times wherever the guest's phone is, and the countdown counts the wedding's days.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatWeddingDate } from "./format-date";
import { daysUntil, formatClockTime, formatShortDay, formatTime, zonedToInstant } from "./format-time";
import { en } from "./i18n/en";
import { es } from "./i18n/es";

describe("zonedToInstant", () => {
  it("reads a wall-clock time in the wedding's zone, summer and winter", () => {
    expect(zonedToInstant("2027-06-12T18:00", "Europe/Madrid").toISOString()).toBe("2027-06-12T16:00:00.000Z");
    expect(zonedToInstant("2027-01-15T18:00", "Europe/Madrid").toISOString()).toBe("2027-01-15T17:00:00.000Z");
    expect(zonedToInstant("2027-06-12T18:00", "America/Mexico_City").toISOString()).toBe("2027-06-13T00:00:00.000Z");
  });

  it("settles the night the clocks go forward", () => {
    // 2027-03-28 03:00 in Madrid is the first minute of summer time (UTC+2).
    expect(zonedToInstant("2027-03-28T03:30", "Europe/Madrid").toISOString()).toBe("2027-03-28T01:30:00.000Z");
  });

  it("rejects text that is not a local time", () => {
    expect(() => zonedToInstant("mañana", "Europe/Madrid")).toThrow(
      '"mañana" is not a time that exists in Europe/Madrid.',
    );
  });
});

describe("formatting in the wedding's time zone", () => {
  const originalTz = process.env.TZ;
  beforeEach(() => {
    // A guest far west of Spain: naive formatting would show the day before and the wrong hour.
    process.env.TZ = "Pacific/Pago_Pago";
  });
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it("shows the wedding date in Spanish and English", () => {
    expect(formatWeddingDate("2027-06-12", es)).toBe("sábado, 12 de junio de 2027");
    expect(formatWeddingDate("2027-06-12", en)).toBe("Saturday, 12 June 2027");
  });

  it("shows event times as the venue's clock reads them", () => {
    expect(formatTime("2027-06-12T18:00", "Europe/Madrid", es)).toBe("18:00");
    expect(formatTime("2027-06-13T00:30", "Europe/Madrid", en)).toBe("00:30");
    expect(formatShortDay("2027-06-13T00:30", "Europe/Madrid", es)).toBe("dom, 13 jun");
  });

  it("shows the moment of an announcement or a refresh on the venue's clock, early hours with one digit", () => {
    // 05:05 UTC is 07:05 in Madrid in summer; the page writes 7:05, as a Spanish clock does.
    expect(formatClockTime(new Date("2027-06-12T05:05:00Z"), "Europe/Madrid", es)).toBe("7:05");
    expect(formatClockTime(new Date("2027-06-12T21:55:00Z"), "Europe/Madrid", es)).toBe("23:55");
    expect(formatClockTime(Date.parse("2027-06-12T22:05:00Z"), "Europe/Madrid", es)).toBe("0:05");
  });
});

describe("daysUntil", () => {
  it("counts calendar days in the wedding's zone", () => {
    expect(daysUntil("2027-06-12", "Europe/Madrid", new Date("2027-06-02T10:00:00Z"))).toBe(10);
    // 00:30 on the 12th in Madrid is still the 11th in UTC: it is already the day.
    expect(daysUntil("2027-06-12", "Europe/Madrid", new Date("2027-06-11T22:30:00Z"))).toBe(0);
    expect(daysUntil("2027-06-12", "Europe/Madrid", new Date("2027-06-13T09:00:00Z"))).toBe(-1);
  });
});
