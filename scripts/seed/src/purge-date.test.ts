// When the purge may run: the first day after the wedding's last event, and only once that day has come.

import { CommandError } from "@boda/kit/problems";
import { describe, expect, it } from "vitest";
import { checkPurgeDate, firstDayAfter, weddingEnd } from "./purge-date";

const MADRID = "Europe/Madrid";

function wedding(...ends: string[]) {
  return {
    wedding: { date: "2027-06-12", timeZone: MADRID },
    events: ends.map((end, index) => ({ start: "2027-06-12T10:00", end, id: `e${index}` })),
  } as unknown as Parameters<typeof checkPurgeDate>[1];
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof CommandError) return error.message;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the purge date", () => {
  it("should take the end of the last event, whichever order the events are in", () => {
    expect(weddingEnd(wedding("2027-06-13T04:00", "2027-06-12T19:00")).toISOString()).toBe("2027-06-13T02:00:00.000Z");
  });

  it("should allow the day after a party ending past midnight, and the same day for one ending at midnight", () => {
    expect(firstDayAfter(new Date("2027-06-13T02:00:00Z"), MADRID)).toBe("2027-06-14");
    expect(firstDayAfter(new Date("2027-06-12T22:00:00Z"), MADRID)).toBe("2027-06-13");
  });

  it("should accept a day after the wedding that has come, from its first minute in the wedding's zone", () => {
    const start = checkPurgeDate("2027-06-14", wedding("2027-06-13T04:00"), new Date("2027-06-13T22:00:00Z"));
    expect(start.toISOString()).toBe("2027-06-13T22:00:00.000Z");
  });

  it("should refuse a day before the wedding is over, naming the first day allowed", () => {
    expect(
      refusal(() => checkPurgeDate("2027-06-13", wedding("2027-06-13T04:00"), new Date("2027-08-01T00:00:00Z"))),
    ).toContain("the last event ends 2027-06-13 04:00 (Europe/Madrid); choose 2027-06-14 or later");
  });

  it("should refuse a day that has not come yet in the wedding's zone, even a minute before it", () => {
    const message = refusal(() =>
      checkPurgeDate("2027-06-14", wedding("2027-06-13T04:00"), new Date("2027-06-13T21:59:00Z")),
    );
    expect(message).toContain("2027-06-14 has not come yet");
    expect(message).toContain("today is 2027-06-13 in Europe/Madrid");
  });

  it("should refuse what is not a day", () => {
    for (const text of ["14/06/2027", "2027-02-30", "mañana"]) {
      expect(
        refusal(() => checkPurgeDate(text, wedding("2027-06-13T04:00"), new Date("2027-08-01T00:00:00Z"))),
      ).toContain("is not a date");
    }
  });
});
