// The RSVP deadline is a whole day in the wedding's time zone, whatever the server's or the guest's clock says.
import { describe, expect, it } from "vitest";
import { rsvpWindow } from "./rsvp-window";

const open = { rsvp_open: true, rsvp_deadline: "2027-05-01", site_phase: "rsvp-open" };

describe("rsvpWindow", () => {
  it("should stay open through the whole deadline day in Madrid", () => {
    // 23:59 on 1 May in Madrid is 21:59 UTC.
    expect(rsvpWindow(open, "Europe/Madrid", new Date("2027-05-01T21:59:00Z"))).toMatchObject({ open: true });
    expect(rsvpWindow(open, "Europe/Madrid", new Date("2027-05-01T22:00:00Z"))).toMatchObject({
      open: false,
      reason: "deadline-passed",
      closesAt: "2027-05-01T22:00:00.000Z",
    });
  });

  it("should judge the same instant differently for a wedding in Mexico City", () => {
    const lateInMadrid = new Date("2027-05-02T01:00:00Z");
    expect(rsvpWindow(open, "Europe/Madrid", lateInMadrid).open).toBe(false);
    expect(rsvpWindow(open, "America/Mexico_City", lateInMadrid).open).toBe(true);
  });

  it("should be closed while rsvp_open is false, saying so rather than naming the deadline", () => {
    expect(rsvpWindow({ ...open, rsvp_open: false }, "Europe/Madrid", new Date("2027-01-01T00:00:00Z"))).toMatchObject({
      open: false,
      reason: "closed",
    });
  });

  it("should say answers have not opened yet before the invitations go out", () => {
    const early = { ...open, rsvp_open: false, site_phase: "save-the-date" };
    expect(rsvpWindow(early, "Europe/Madrid", new Date("2027-01-01T00:00:00Z"))).toMatchObject({
      reason: "not-open-yet",
    });
  });
});
