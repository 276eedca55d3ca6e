// Wall-clock times of the wedding: the same instant for the seed commands, the BFF and the page.
import { describe, expect, it } from "vitest";
import { localDateIn, localToInstant } from "./wedding-time";

describe("localToInstant", () => {
  it("should read wall-clock time in the wedding's zone, summer and winter", () => {
    expect(localToInstant("2027-06-12T18:00", "Europe/Madrid")?.toISOString()).toBe("2027-06-12T16:00:00.000Z");
    expect(localToInstant("2027-01-12T18:00", "Europe/Madrid")?.toISOString()).toBe("2027-01-12T17:00:00.000Z");
    expect(localToInstant("2027-06-12T18:00", "America/Mexico_City")?.toISOString()).toBe("2027-06-13T00:00:00.000Z");
  });

  it("should read a bare date as that day's midnight there", () => {
    expect(localToInstant("2027-06-12", "Europe/Madrid")?.toISOString()).toBe("2027-06-11T22:00:00.000Z");
  });

  it("should refuse a time the clocks skip when summer time starts", () => {
    expect(localToInstant("2027-03-28T02:30", "Europe/Madrid")).toBeUndefined();
  });

  it("should refuse text that is not a local time", () => {
    expect(localToInstant("2027-06-12T18:00Z", "Europe/Madrid")).toBeUndefined();
    expect(localToInstant("12/06/2027", "Europe/Madrid")).toBeUndefined();
  });
});

describe("localDateIn", () => {
  it("should give the wedding's calendar day, not the server's", () => {
    const lateEveningInMexico = new Date("2027-06-13T04:30:00.000Z");
    expect(localDateIn(lateEveningInMexico, "America/Mexico_City")).toBe("2027-06-12");
    expect(localDateIn(lateEveningInMexico, "Europe/Madrid")).toBe("2027-06-13");
  });
});
