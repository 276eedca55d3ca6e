// The guest list parser: the example passes; every mistake names its row and column; hostile input never crashes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@boda/kit/repo";
import { stringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseGuestList, unknownTagProblems } from "./csv";

const EXAMPLE = readFileSync(path.join(REPO_ROOT, "scripts/seed/content/invitados.example.csv"), "utf8");
/** The columns these rows fill; `nicknames` and `table` have their own tests. */
const CSV_EXAMPLE_HEADER = "key,name,seats,members,children,plus_ones,tags,language,email,phone";
const parseRows = (...rows: string[]) => parseGuestList([CSV_EXAMPLE_HEADER, ...rows].join("\n"), "invitados.csv");

describe("parseGuestList", () => {
  it("accepts the example guest list: both languages, plus-ones, children", () => {
    const { rows, problems } = parseGuestList(EXAMPLE, "invitados.example.csv");
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((row) => row.language))).toEqual(new Set(["es", "en"]));
    const hermanos = rows.find((row) => row.key === "hermanos-ruiz");
    expect(hermanos).toMatchObject({ seats: 5, plusOnes: 2, tags: ["familia", "amigos"] });
    expect(hermanos?.members).toEqual([
      { id: "daniel-ruiz", name: "Daniel Ruiz", child: false },
      { id: "marta-ruiz", name: "Marta Ruiz", child: false },
      { id: "leo", name: "Leo", child: true },
    ]);
    expect(rows.find((row) => row.key === "companeros-trabajo")?.displayName).toBe("Lucía's colleagues: Irene, Jorge");
    expect(unknownTagProblems(rows, ["familia", "amigos"], "x.csv")).toEqual([]);
  });

  it("derives unnamed plus-ones from seats when plus_ones is empty", () => {
    const { rows } = parseRows("ana,Ana y acompañante,2,Ana Gil,,,,es,,");
    expect(rows[0]).toMatchObject({ seats: 2, plusOnes: 1 });
  });

  it("reads semicolon-separated files (Spanish spreadsheets), with names listed by commas", () => {
    const text = "key;name;seats;members\ngil;Familia Gil;3;Ana Gil, Luis Gil\n";
    const { rows, problems } = parseGuestList(text, "x.csv");
    expect(problems).toEqual([]);
    expect(rows[0]?.members.map((member) => member.name)).toEqual(["Ana Gil", "Luis Gil"]);
    expect(rows[0]?.plusOnes).toBe(1);
  });

  it("names row, line and column for every mistake, all at once", () => {
    const { problems } = parseRows(
      "gil,Familia Gil,1,Ana Gil; Luis Gil,,,,es,,",
      "gil,Otra familia,2,,,3,,de,not-an-email,600 11 12",
      "Pérez,Familia Gil,x,,,,Primos Lejanos,es,,",
    );
    const byWhere = Object.fromEntries(problems.map((problem) => [problem.where, problem.message]));
    expect(byWhere['invitados.csv row 1 (line 2), column "seats"']).toMatch(
      /1 is fewer than the 2 people named.*raise seats to 2/,
    );
    expect(byWhere['invitados.csv row 2 (line 3), column "key"']).toMatch(/already used by row 1/);
    expect(byWhere['invitados.csv row 2 (line 3), column "plus_ones"']).toMatch(
      /3 plus-ones \+ 0 named people = 3, but seats is 2/,
    );
    expect(byWhere['invitados.csv row 2 (line 3), column "language"']).toMatch(/must be es .* or en/);
    expect(byWhere['invitados.csv row 2 (line 3), column "email"']).toMatch(/email address/);
    expect(byWhere['invitados.csv row 2 (line 3), column "phone"']).toMatch(/country code/);
    expect(byWhere['invitados.csv row 3 (line 4), column "key"']).toMatch(/lowercase id/);
    expect(byWhere['invitados.csv row 3 (line 4), column "seats"']).toMatch(/whole number/);
    expect(byWhere['invitados.csv row 3 (line 4), column "tags"']).toMatch(/tag id/);
    expect(byWhere['invitados.csv row 3 (line 4), column "name"']).toMatch(/already row 1/);
    const formatMistakes = problems.filter(
      (problem) => /column "(language|email|phone|seats)"/.test(problem.where) && !/fewer/.test(problem.message),
    );
    expect(formatMistakes.every((problem) => problem.example !== undefined)).toBe(true);
  });

  it("reads nicknames, the household's table and the members who sit elsewhere", () => {
    const text = [
      "key,name,seats,members,children,nicknames,table",
      'gil,Familia Gil,3,Ana Gil; Luis Gil,Leo,Anita; Los Gil,"5; Leo: Infantil; Luis Gil: 5"',
      "paz,Paz Ruiz,1,Paz Ruiz,,,",
    ].join("\n");
    const { rows, problems } = parseGuestList(text, "x.csv");
    expect(problems).toEqual([]);
    expect(rows[0]).toMatchObject({ nicknames: ["Anita", "Los Gil"], table: "5" });
    expect(rows[0]?.members).toEqual([
      { id: "ana-gil", name: "Ana Gil", child: false },
      { id: "luis-gil", name: "Luis Gil", child: false },
      { id: "leo", name: "Leo", child: true, table: "Infantil" },
    ]);
    expect(rows[1]).not.toHaveProperty("table");
    expect(rows[1]).not.toHaveProperty("nicknames");
  });

  it("names the row and column of every mistake in a table", () => {
    const text = [
      "key,name,seats,members,table",
      "a,A,1,Ana Gil,Pepe: 3",
      'b,B,1,Ana Gil,"3; 4"',
      "c,C,1,Ana Gil,Ana Gil:",
      `d,D,1,Ana Gil,${"x".repeat(41)}`,
    ].join("\n");
    const byWhere = Object.fromEntries(
      parseGuestList(text, "x.csv").problems.map((problem) => [problem.where, problem.message]),
    );
    expect(byWhere['x.csv row 1 (line 2), column "table"']).toMatch(/"Pepe" is not in members or children \(Ana Gil\)/);
    expect(byWhere['x.csv row 2 (line 3), column "table"']).toMatch(/2 tables for the whole household/);
    expect(byWhere['x.csv row 3 (line 4), column "table"']).toMatch(/names nobody's table/);
    expect(byWhere['x.csv row 4 (line 5), column "table"']).toMatch(/longer than 40 characters/);
  });

  it("reports unknown and missing columns in the header", () => {
    const { problems } = parseGuestList("key,nombre,seats\nx,y,1\n", "x.csv");
    expect(problems.map((problem) => problem.where)).toEqual(['x.csv header, column 2 "nombre"', "x.csv header"]);
    expect(problems[1]?.message).toBe('the column "name" is missing');
  });

  it("reports a row with too many cells and an unclosed quote by line", () => {
    expect(parseRows("gil,Gil, Ana,1,,,,,es,,").problems[0]).toMatchObject({ where: "invitados.csv row 1 (line 2)" });
    const unclosed = parseRows('gil,"Familia Gil,1,,,,,es,,');
    expect(unclosed.problems[0]?.message).toMatch(/^CSV: Quote Not Closed/);
  });

  it("reports tags the content does not declare", () => {
    const { rows } = parseRows("gil,Familia Gil,1,,,,primos,es,,");
    expect(unknownTagProblems(rows, ["familia"], "invitados.csv")).toEqual([
      {
        where: 'invitados.csv row 1 (line 2), column "tags"',
        message:
          'unknown tag "primos"; the content declares: familia. Add it under tags in the content file and publish it first',
      },
    ]);
  });

  it("never throws on hostile input: it returns rows or problems", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (text) => {
        const result = parseGuestList(text, "x.csv");
        expect(result.rows.length + result.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: "binary", maxLength: 30 }), { maxLength: 12 }), { maxLength: 6 }),
        (cells) => {
          const text = stringify([CSV_EXAMPLE_HEADER.split(","), ...cells]);
          expect(() => parseGuestList(text, "x.csv")).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads back any well-formed household written by a spreadsheet, quotes and commas included", () => {
    const name = fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((text) => text.trim() !== "" && !/[;\r\n#]/.test(text) && text.trim() === text);
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { maxLength: 4, selector: (text) => text.toLowerCase() }),
        name,
        fc.integer({ min: 1, max: 3 }),
        (members, displayName, extra) => {
          const text = stringify([
            CSV_EXAMPLE_HEADER.split(","),
            ["k", displayName, members.length + extra, members.join("; "), "", "", "", "en", "", ""],
          ]);
          const { rows, problems } = parseGuestList(text, "x.csv");
          expect(problems).toEqual([]);
          expect(rows[0]).toMatchObject({
            displayName,
            seats: members.length + extra,
            plusOnes: extra,
            language: "en",
          });
          expect(rows[0]?.members.map((member) => member.name)).toEqual(members);
        },
      ),
      { numRuns: 200 },
    );
  });
});
