// Switch values typed by the couple, checked against the declared Remote Config parameters and the shared schema.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./repo";
import {
  describePhases,
  parseSwitchValue,
  readSwitches,
  type TemplateLike,
  undeclaredParameters,
} from "./switches-template";

const template = JSON.parse(readFileSync(path.join(REPO_ROOT, "remoteconfig.template.json"), "utf8")) as TemplateLike;
const TODAY = "2026-11-01";

describe("parseSwitchValue", () => {
  it("types values by the switch: phases, booleans, dates", () => {
    expect(parseSwitchValue("site_phase", "wedding-week", TODAY)).toEqual({ key: "site_phase", value: "wedding-week" });
    expect(parseSwitchValue("rsvp_open", "false", TODAY)).toEqual({ key: "rsvp_open", value: false });
    expect(parseSwitchValue("rsvp_deadline", "2027-05-01", TODAY)).toEqual({
      key: "rsvp_deadline",
      value: "2027-05-01",
    });
  });

  it("names unknown keys and lists the real ones", () => {
    expect(parseSwitchValue("rsvp_opne", "true", TODAY)).toMatchObject({
      where: 'key "rsvp_opne"',
      message:
        "unknown switch; the switches are: site_phase, rsvp_open, rsvp_deadline, guestbook_enabled, stranger_visibility",
    });
  });

  it("refuses wrong types with the accepted values and an example", () => {
    expect(parseSwitchValue("rsvp_open", "yes", TODAY)).toEqual({
      where: 'rsvp_open = "yes"',
      message: "must be true or false",
      example: "pnpm seed config set rsvp_open false",
    });
    expect(parseSwitchValue("site_phase", "boda", TODAY)).toMatchObject({
      message: "must be one of: save-the-date, rsvp-open, wedding-week, day-of, after",
    });
    expect(parseSwitchValue("rsvp_deadline", "1/5/2027", TODAY)).toMatchObject({
      message: 'must be a date such as "2027-05-01"',
    });
  });

  it("refuses an RSVP deadline in the past", () => {
    expect(parseSwitchValue("rsvp_deadline", "2026-10-31", TODAY)).toMatchObject({
      message: expect.stringContaining("is in the past"),
    });
  });
});

describe("readSwitches", () => {
  it("reads the repository's template without problems", () => {
    const { values, problems } = readSwitches(template, "remoteconfig.template.json");
    expect(problems).toEqual([]);
    expect(Object.keys(values)).toHaveLength(5);
    expect(undeclaredParameters(template)).toEqual([]);
  });

  it("reports missing parameters, wrong declared types, bad values and undeclared ones", () => {
    const broken: TemplateLike = {
      parameters: {
        ...template.parameters,
        rsvp_open: { defaultValue: { value: "true" }, valueType: "STRING" },
        site_phase: { defaultValue: { value: "boda" }, valueType: "STRING" },
        rsvp_opne: { defaultValue: { value: "true" } },
      },
    };
    delete broken.parameters.guestbook_enabled;
    const { problems } = readSwitches(broken, "t.json");
    expect(problems.map((problem) => problem.where)).toEqual([
      "t.json parameters.site_phase.defaultValue.value",
      "t.json parameters.rsvp_open.valueType",
      "t.json parameters.guestbook_enabled",
    ]);
    expect(undeclaredParameters(broken)).toEqual(["rsvp_opne"]);
  });
});

it("shows the phases in order with the current one marked", () => {
  expect(describePhases("wedding-week")).toBe("save-the-date → rsvp-open → [wedding-week] → day-of → after");
});
