// What the couple reads when the content file is wrong: file, line, path, what is wrong, an example — all at once.
import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@boda/kit/repo";
import { describe, expect, it } from "vitest";
import { checkContentText } from "./content-validate";

const EXAMPLE = readFileSync(path.join(REPO_ROOT, "scripts/seed/content/boda.example.yaml"), "utf8");
const NOW = new Date("2026-11-01T10:00:00Z");
const check = (text: string, stored?: Parameters<typeof checkContentText>[1]["stored"]) =>
  checkContentText(text, { fileLabel: "boda.yaml", now: NOW, exampleText: EXAMPLE, stored });
const problemsOf = (text: string) => {
  const result = check(text);
  if (result.ok) throw new Error("expected problems");
  return result.problems;
};

describe("checkContentText", () => {
  it("accepts the example content", () => {
    const result = check(EXAMPLE);
    expect(result.ok && result.content.events.map((event) => event.id)).toEqual([
      "cena-ensayo",
      "ceremonia",
      "banquete",
      "fiesta",
    ]);
  });

  it("names line, path, the mistake and an example, for every problem in one run", () => {
    const broken = EXAMPLE.replace('start: "2027-06-12T19:30"', 'start: "2027-06-12 19:30"')
      .replace("locationId: iglesia-santa-maria", "locationId: iglesia")
      .replace("visibleTo: [familia]", "visibleTo: [primos]")
      .replace("coordinates: { lat: 37.4716, lng: -5.6418 }", 'coordinates: { lat: "37.4716", lng: -5.6418 }');
    const problems = problemsOf(broken);
    const line = (text: string) => broken.split("\n").findIndex((each) => each.includes(text)) + 1;
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          where: `boda.yaml:${line('start: "2027-06-12 19:30"')}:12 events[2].start`,
          message: expect.stringContaining('must be a local date and time such as "2027-06-12T17:30"'),
        },
        {
          where: `boda.yaml:${line("locationId: iglesia")}:17 events[1].locationId`,
          message: expect.stringMatching(
            /unknown location "iglesia"; use one of the ids under locations: iglesia-santa-maria/,
          ),
        },
        {
          where: `boda.yaml:${line("visibleTo: [primos]")}:17 events[0].visibleTo[0]`,
          message: 'unknown guest tag "primos"; declare it under tags first (declared: familia, amigos)',
        },
        {
          where: `boda.yaml:${line('lat: "37.4716"')}:25 locations[0].coordinates.lat`,
          message: 'must be a number, not string "37.4716"',
          example: "{ lat: 37.4716 }",
        },
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it("says what is missing and shows the example's version of it", () => {
    const problems = problemsOf(EXAMPLE.replace(/\ntheme:[\s\S]*$/, "\n"));
    expect(problems).toEqual([
      {
        where: expect.stringMatching(/^boda\.yaml:\d+:\d+ theme$/),
        message: "is missing; it is required (a group of fields)",
        example: "see theme in scripts/seed/content/boda.example.yaml",
      },
    ]);
  });

  it("names unknown fields", () => {
    const problems = problemsOf(
      EXAMPLE.replace("  timeZone: Europe/Madrid", "  timeZone: Europe/Madrid\n  colour: red"),
    );
    expect(problems).toEqual([
      { where: "boda.yaml:15:3 wedding.colour", message: expect.stringContaining('unknown field "colour"') },
    ]);
  });

  it("reports YAML syntax errors with their line", () => {
    const problems = problemsOf('couple:\n  names: ["Lucía", "Mateo"\nwedding:\n\tdate: x\n');
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]?.where).toMatch(/^boda\.yaml:\d+:\d+$/);
    expect(problems[0]?.message).toMatch(/^YAML syntax: /);
  });

  it("refuses dates in the past unless they are already published unchanged", () => {
    const past = EXAMPLE.replace('start: "2027-06-11T21:00"', 'start: "2025-06-11T21:00"').replace(
      'end: "2027-06-11T23:30"',
      'end: "2025-06-11T23:30"',
    );
    const problems = problemsOf(past);
    expect(problems.map((problem) => problem.where)).toEqual([
      expect.stringMatching(/events\[0\]\.start$/),
      expect.stringMatching(/events\[0\]\.end$/),
    ]);
    expect(problems[0]).toMatchObject({
      message: "2025-06-11T21:00 (Europe/Madrid) is in the past; check the date and year",
      example: 'start: "2027-06-12T21:00"',
    });

    const published = checkContentText(past, {
      fileLabel: "boda.yaml",
      now: new Date("2024-01-01T00:00:00Z"),
      exampleText: EXAMPLE,
    });
    if (!published.ok) throw new Error("should pass before the date");
    expect(check(past, published.content).ok).toBe(true);
  });

  it("refuses a wedding date in the past, suggesting next year", () => {
    const problems = problemsOf(EXAMPLE.replace('date: "2027-06-12"', 'date: "2026-06-12"'));
    expect(problems).toContainEqual({
      where: "boda.yaml:13:9 wedding.date",
      message: "2026-06-12 is in the past (today is 2026-11-01 in Europe/Madrid); check the year",
      example: 'date: "2027-06-12"',
    });
  });

  it("refuses a time the clocks skip when summer time starts", () => {
    const problems = problemsOf(
      EXAMPLE.replace('start: "2027-06-11T21:00"', 'start: "2027-03-28T02:30"').replace(
        'end: "2027-06-11T23:30"',
        'end: "2027-03-28T05:00"',
      ),
    );
    expect(problems).toEqual([
      {
        where: expect.stringMatching(/events\[0\]\.start$/),
        message: "2027-03-28T02:30 does not exist in Europe/Madrid: the clocks skip that hour when summer time starts",
        example: 'start: "2027-03-28T03:30"',
      },
    ]);
  });

  it("refuses a theme guests could not read, naming the colours, the ratio and the fix", () => {
    const pale = EXAMPLE.replace('primary: "#6b4e31"', 'primary: "#e8c9a0"').replace(
      'text: "#2b2620"',
      'text: "#b0a89c"',
    );
    const problems = problemsOf(pale);
    const line = (text: string) => pale.split("\n").findIndex((each) => each.includes(text)) + 1;
    expect(problems).toEqual([
      expect.objectContaining({
        where: `boda.yaml:${line('text: "#b0a89c"')}:11 theme.colors.text`,
        message: expect.stringMatching(
          /^body text on the background \(#b0a89c on #fbf8f3\) has a contrast of 2\.\d\d:1; guests need at least 4\.5:1 to read it: darken text/,
        ),
      }),
      expect.objectContaining({
        message: expect.stringContaining("links and headings (primary) on the background (#e8c9a0 on #fbf8f3)"),
      }),
      expect.objectContaining({
        message: expect.stringContaining("white button text and the live banner on primary (#ffffff on #e8c9a0)"),
      }),
    ]);
  });
});
