// Parses the couple's guest list (CSV) into household rows, reporting every problem with its row and column.
// Accepts comma- or semicolon-separated files (spreadsheets in Spanish export with ";"). Pure: no Firebase.

import type { Problem } from "@boda/kit/problems";
import { LANGUAGES, type Language } from "@boda/server/contract/language";
import { uniqueSlugs } from "@boda/server/contract/slug";
import { CsvError, parse } from "csv-parse/sync";
import { z } from "zod";

export const CSV_COLUMNS = [
  "key",
  "name",
  "seats",
  "members",
  "children",
  "plus_ones",
  "tags",
  "language",
  "email",
  "phone",
  "nicknames",
  "table",
] as const;
type Column = (typeof CSV_COLUMNS)[number];
const REQUIRED_COLUMNS: Column[] = ["key", "name", "seats"];

export const CSV_EXAMPLE_HEADER = CSV_COLUMNS.join(",");
const EXAMPLES: Record<Column, string> = {
  key: "garcia-lopez  (a short id that never changes, even if the name does)",
  name: "Familia García López",
  seats: "4",
  members: "Ana García; Pedro López",
  children: "Leo; Vega",
  plus_ones: "1",
  tags: "familia; amigos",
  language: "es  (or en)",
  email: "ana@example.com",
  phone: "+34600111222",
  nicknames: "Anita García; los de Sevilla  (other names they may type to find the invitation)",
  table: "5  (everyone), or 5; Leo: Infantil  (a member who sits elsewhere)",
};

/** As the Household schema allows a table name (server/src/contract/household.ts). */
const MAX_TABLE_LENGTH = 40;

/** One household as written in the guest list, checked and normalised. */
export interface HouseholdRow {
  key: string;
  displayName: string;
  seats: number;
  members: Array<{ id: string; name: string; child: boolean; table?: string }>;
  plusOnes: number;
  tags: string[];
  language: Language;
  email?: string;
  phone?: string;
  nicknames?: string[];
  /** The household's table; members who sit elsewhere carry their own. */
  table?: string;
  /** 1-based row among the data rows, and the line it starts on, for messages. */
  row: number;
  line: number;
}

export interface ParsedGuestList {
  rows: HouseholdRow[];
  problems: Problem[];
}

const Key = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
  error: "must be a lowercase id such as garcia-lopez (a-z, 0-9 and single dashes)",
});
const Count = (what: string, min: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `must be a whole number of ${what}` })
    .transform(Number)
    .pipe(z.number().min(min, { error: `must be at least ${min}` }));
const Email = z.email({ error: "must be an email address such as ana@example.com" });
const Phone = z
  .string()
  .transform((value) => value.replace(/[\s().-]/g, ""))
  .pipe(
    z.string().regex(/^\+[1-9]\d{6,14}$/, {
      error: "must be an international number with the country code, such as +34600111222",
    }),
  );

function detectDelimiter(text: string): "," | ";" | "\t" {
  const header = text.split(/\r?\n/).find((line) => line.trim() !== "" && !line.startsWith("#")) ?? "";
  const counts = { ",": header.split(",").length, ";": header.split(";").length, "\t": header.split("\t").length };
  return (Object.entries(counts).sort((a, b) => b[1] - a[1])[0]?.[0] ?? ",") as "," | ";" | "\t";
}

export function parseGuestList(text: string, fileLabel: string): ParsedGuestList {
  const delimiter = detectDelimiter(text);
  // Lists inside a cell use the other separator: "Ana; Pedro" in a comma file, "Ana, Pedro" in a semicolon file.
  const listSeparator = delimiter === ";" ? "," : ";";
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      comment: "#",
      comment_no_infix: true,
      relax_column_count: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      return {
        rows: [],
        problems: [
          {
            where: `${fileLabel}${line ? ` line ${line}` : ""}`,
            message: `CSV: ${error.message.replace(/ at line \d+.*$/, "")}`,
            example:
              'Familia "Los Primos" → write it as "Familia ""Los Primos""" (double the quotes inside a quoted cell)',
          },
        ],
      };
    }
    throw error;
  }

  const [headerRecord, ...dataRecords] = records;
  if (!headerRecord) {
    return { rows: [], problems: [{ where: fileLabel, message: "the file is empty", example: CSV_EXAMPLE_HEADER }] };
  }
  const header = headerRecord.record.map((name) =>
    name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_"),
  );
  const problems: Problem[] = [];
  header.forEach((name, index) => {
    if (!(CSV_COLUMNS as readonly string[]).includes(name)) {
      problems.push({
        where: `${fileLabel} header, column ${index + 1} "${name}"`,
        message: `unknown column; the columns are: ${CSV_COLUMNS.join(", ")}`,
        example: CSV_EXAMPLE_HEADER,
      });
    } else if (header.indexOf(name) !== index) {
      problems.push({
        where: `${fileLabel} header, column ${index + 1} "${name}"`,
        message: "appears twice; keep one",
      });
    }
  });
  for (const required of REQUIRED_COLUMNS) {
    if (!header.includes(required))
      problems.push({
        where: `${fileLabel} header`,
        message: `the column "${required}" is missing`,
        example: CSV_EXAMPLE_HEADER,
      });
  }
  if (problems.length > 0) return { rows: [], problems };

  const rows: HouseholdRow[] = [];
  const firstRowOf = new Map<string, number>();
  const firstNameOf = new Map<string, number>();
  dataRecords.forEach(({ record, info }, index) => {
    const row = index + 1;
    const line = info.lines;
    const at = (column: string) => `${fileLabel} row ${row} (line ${line}), column "${column}"`;
    if (record.length !== header.length) {
      problems.push({
        where: `${fileLabel} row ${row} (line ${line})`,
        message: `has ${record.length} cells but the header has ${header.length}; a name with a "${delimiter}" must be in double quotes`,
        example: delimiter === "," ? '"García, Ana"' : '"García; Ana"',
      });
      return;
    }
    const cell = (column: Column) => record[header.indexOf(column)]?.trim() ?? "";
    const list = (column: Column) =>
      cell(column)
        .split(listSeparator)
        .map((item) => item.trim())
        .filter((item) => item !== "");
    const fail = (column: Column, message: string) =>
      problems.push({ where: at(column), message, example: EXAMPLES[column].replace("; ", `${listSeparator} `) });
    // For mistakes whose message already says the fix, an example value would only distract.
    const explain = (column: Column, message: string) => problems.push({ where: at(column), message });
    const check = <T>(column: Column, schema: z.ZodType<T, string>, value: string): T | undefined => {
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      fail(column, value === "" ? "is empty" : `"${value}" ${result.error.issues[0]?.message ?? "is invalid"}`);
      return undefined;
    };

    const key = check("key", Key, cell("key"));
    const displayName = cell("name");
    if (displayName === "") fail("name", "is empty; write how the invitation addresses them");
    const seats = check("seats", Count("seats", 1), cell("seats"));
    const adults = list("members");
    const children = list("children");
    const named = adults.length + children.length;
    const plusOnesText = cell("plus_ones");
    const plusOnes = plusOnesText === "" ? undefined : check("plus_ones", Count("plus-ones", 0), plusOnesText);
    const tags = list("tags").map((tag) => tag.toLowerCase());
    const badTag = tags.find((tag) => !Key.safeParse(tag).success);
    if (badTag) fail("tags", `"${badTag}" must be a tag id such as familia (lowercase, no spaces)`);
    const languageText = cell("language").toLowerCase() || "es";
    const language = (LANGUAGES as readonly string[]).includes(languageText) ? (languageText as Language) : undefined;
    if (!language) fail("language", `"${cell("language")}" must be es (Spanish) or en (English)`);
    const email = cell("email") === "" ? undefined : check("email", Email, cell("email"));
    const phone = cell("phone") === "" ? undefined : check("phone", Phone, cell("phone"));
    const nicknames = [...new Set(list("nicknames"))];
    const tooLongNickname = nicknames.find((nickname) => nickname.length > 100);
    if (tooLongNickname) fail("nicknames", `"${tooLongNickname.slice(0, 20)}…" is longer than 100 characters`);
    const seating = readTables(list("table"), [...adults, ...children]);
    if ("problem" in seating) fail("table", seating.problem);

    if (seats !== undefined && seats < named) {
      explain(
        "seats",
        `${seats} is fewer than the ${named} people named in members and children (${[...adults, ...children].join(", ")}); raise seats to ${named} or remove a name`,
      );
    } else if (seats !== undefined && plusOnes !== undefined && named + plusOnes !== seats) {
      explain(
        "plus_ones",
        `${plusOnes} plus-ones + ${named} named people = ${named + plusOnes}, but seats is ${seats}; write plus_ones ${seats - named}, or leave it empty`,
      );
    }
    if (key !== undefined) {
      const first = firstRowOf.get(key);
      if (first !== undefined)
        explain("key", `"${key}" is already used by row ${first}; every household needs its own key`);
      else firstRowOf.set(key, row);
    }
    const sameName = firstNameOf.get(displayName.toLowerCase());
    if (displayName !== "" && sameName !== undefined) {
      explain(
        "name",
        `"${displayName}" is already row ${sameName}; is it the same household twice? If not, tell them apart, e.g. "${displayName} (Madrid)"`,
      );
    } else if (displayName !== "") firstNameOf.set(displayName.toLowerCase(), row);

    if (
      key === undefined ||
      seats === undefined ||
      !language ||
      displayName === "" ||
      (plusOnesText !== "" && plusOnes === undefined) ||
      tooLongNickname !== undefined ||
      "problem" in seating
    )
      return;
    const names = [...adults, ...children];
    const ids = uniqueSlugs(names, "guest");
    rows.push({
      key,
      displayName,
      seats,
      members: names.map((name, position) => {
        const table = seating.byMember.get(name);
        return {
          id: ids[position] ?? `guest-${position + 1}`,
          name,
          child: position >= adults.length,
          ...(table !== undefined && table !== seating.household ? { table } : {}),
        };
      }),
      plusOnes: seats - named,
      tags: [...new Set(tags)],
      language,
      ...(email ? { email: email.toLowerCase() } : {}),
      ...(phone ? { phone } : {}),
      ...(nicknames.length > 0 ? { nicknames } : {}),
      ...(seating.household !== undefined ? { table: seating.household } : {}),
      row,
      line,
    });
  });
  if (dataRecords.length === 0)
    problems.push({
      where: fileLabel,
      message: "has a header but no households",
      example: `garcia-lopez,Familia García López,4,Ana García; Pedro López,Leo; Vega,0,familia,es,,`,
    });
  return { rows, problems };
}

/**
 * The `table` cell: one table for the whole household ("5"), and "Name: table" for each member who sits elsewhere
 * ("5; Leo: Infantil"), or only members' tables.
 */
function readTables(
  items: readonly string[],
  names: readonly string[],
): { household?: string; byMember: Map<string, string> } | { problem: string } {
  const byMember = new Map<string, string>();
  const bare: string[] = [];
  for (const item of items) {
    const colon = item.indexOf(":");
    const table = (colon < 0 ? item : item.slice(colon + 1)).trim();
    if (table === "") return { problem: `"${item}" names nobody's table; write the table after the colon` };
    if (table.length > MAX_TABLE_LENGTH)
      return {
        problem: `"${table.slice(0, 20)}…" is longer than ${MAX_TABLE_LENGTH} characters; shorten the table's name`,
      };
    if (colon < 0) {
      bare.push(table);
      continue;
    }
    const name = item.slice(0, colon).trim();
    if (!names.includes(name))
      return {
        problem: `"${name}" is not in members or children (${names.join(", ") || "none named"}); write the name exactly as listed there`,
      };
    if (byMember.has(name)) return { problem: `"${name}" has two tables; keep one` };
    byMember.set(name, table);
  }
  if (bare.length > 1)
    return {
      problem: `has ${bare.length} tables for the whole household (${bare.join(", ")}); give one, and "Name: table" for who sits elsewhere`,
    };
  return { household: bare[0], byMember };
}

/** Tags used in the list that the content does not declare (checked against what is published). */
export function unknownTagProblems(
  rows: readonly HouseholdRow[],
  declared: readonly string[],
  fileLabel: string,
): Problem[] {
  return rows.flatMap((row) =>
    row.tags
      .filter((tag) => !declared.includes(tag))
      .map((tag) => ({
        where: `${fileLabel} row ${row.row} (line ${row.line}), column "tags"`,
        message: `unknown tag "${tag}"; the content declares: ${declared.join(", ") || "no tags"}. Add it under tags in the content file and publish it first`,
      })),
  );
}
