// Now and next on the day, in the wedding's time zone, including the dinner that runs past midnight.
import { describe, expect, it } from "vitest";
import type { OpenSiteContent } from "../../lib/trpc";
import { nowAndNext } from "./now-next";

const event = (id: string, start: string, end: string) =>
  ({
    id,
    title: { es: id },
    start,
    end,
    locationId: "x",
    locationName: "X",
    meal: false,
  }) as OpenSiteContent["events"][number];

const day = [
  event("ceremonia", "2027-06-12T18:00", "2027-06-12T19:00"),
  event("banquete", "2027-06-12T19:30", "2027-06-13T00:30"),
  event("fiesta", "2027-06-13T00:30", "2027-06-13T04:00"),
];

describe("nowAndNext", () => {
  it("should say nothing is on before the day, and what comes first", () => {
    expect(nowAndNext(day, "Europe/Madrid", new Date("2027-06-12T10:00:00Z"))).toEqual({ next: day[0] });
  });

  it("should read the clock in Madrid: 18:30 there is 16:30 UTC", () => {
    expect(nowAndNext(day, "Europe/Madrid", new Date("2027-06-12T16:30:00Z"))).toEqual({ now: day[0], next: day[1] });
  });

  it("should find the gap between events, and the dinner after midnight", () => {
    expect(nowAndNext(day, "Europe/Madrid", new Date("2027-06-12T17:15:00Z"))).toEqual({ next: day[1] });
    expect(nowAndNext(day, "Europe/Madrid", new Date("2027-06-12T22:10:00Z"))).toEqual({ now: day[1], next: day[2] });
  });

  it("should have nothing next during the last event, and nothing at all after it", () => {
    expect(nowAndNext(day, "Europe/Madrid", new Date("2027-06-13T00:00:00Z"))).toEqual({ now: day[2] });
    expect(nowAndNext(day, "Europe/Madrid", new Date("2027-06-13T03:00:00Z"))).toEqual({});
  });
});
