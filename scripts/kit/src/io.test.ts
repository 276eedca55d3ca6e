// The seed commands' clock: the real one, or SEED_NOW for demos and tests of the example wedding.
import { describe, expect, it } from "vitest";
import { clockFromEnv } from "./io";

describe("clockFromEnv", () => {
  it("uses SEED_NOW when it is an ISO instant", () => {
    expect(clockFromEnv({ SEED_NOW: "2027-01-01T10:00:00Z" }).toISOString()).toBe("2027-01-01T10:00:00.000Z");
  });

  it("refuses a SEED_NOW that is not a date, saying what it must look like", () => {
    expect(() => clockFromEnv({ SEED_NOW: "pronto" })).toThrow(
      'SEED_NOW is "pronto"; it must be an ISO instant such as 2027-01-01T00:00:00Z.',
    );
  });

  it("uses the real clock otherwise", () => {
    const before = Date.now();
    const now = clockFromEnv({}).getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
