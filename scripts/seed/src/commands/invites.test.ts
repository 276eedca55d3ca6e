// `seed invites --missing-email`: who cannot get a sign-in link by email if they lose their invitation (unit).
import { describe, expect, it } from "vitest";
import { parseGuestList } from "../csv";
import { missingEmailReport } from "./invites";

const list = (...rows: string[]) =>
  parseGuestList(["key,name,seats,members,email,phone", ...rows].join("\n"), "invitados.csv").rows;

describe("the households without an email", () => {
  it("should be listed with their row and phone, so the couple can ask for the address", () => {
    const rows = list(
      "gil,Familia Gil,1,Ana Gil,ana@example.com,",
      "paz,Paz Ruiz,1,Paz Ruiz,,+34600111222",
      "sol,Sol Martín,1,Sol Martín,,",
    );
    expect(missingEmailReport(rows, "invitados.csv")).toEqual([
      "2 households of 3 in invitados.csv without an email (a lost link can only be resent by you):",
      "  paz (row 2): Paz Ruiz, +34600111222",
      "  sol (row 3): Sol Martín",
    ]);
  });

  it("should say so when everyone has one", () => {
    expect(missingEmailReport(list("gil,Familia Gil,1,Ana Gil,ana@example.com,"), "invitados.csv")).toEqual([
      "Every household in invitados.csv has an email.",
    ]);
  });
});
