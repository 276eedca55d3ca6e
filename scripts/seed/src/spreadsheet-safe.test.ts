// Guests' text in exports must open in a spreadsheet as text, never run as a formula (CSV injection).
import { describe, expect, it } from "vitest";
import { spreadsheetSafe, spreadsheetSafeRow } from "./spreadsheet-safe";

describe("spreadsheetSafe", () => {
  it.each(['=HYPERLINK("http://x")', "+34600111222", "-1+1", "@SUM(A1)", "\tTAB", "\rCR"])(
    "should neutralise %j with a leading quote",
    (cell) => {
      expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
    },
  );

  it("should leave ordinary text and numbers as they are", () => {
    expect(spreadsheetSafe("Lucía & Mateo")).toBe("Lucía & Mateo");
    expect(spreadsheetSafe("sin gluten = celíaca")).toBe("sin gluten = celíaca");
    expect(spreadsheetSafe(4)).toBe(4);
  });

  it("should neutralise every cell of a row", () => {
    expect(spreadsheetSafeRow({ name: "=cmd|' /C calc'!A0", seats: 2 })).toEqual({
      name: "'=cmd|' /C calc'!A0",
      seats: 2,
    });
  });
});
