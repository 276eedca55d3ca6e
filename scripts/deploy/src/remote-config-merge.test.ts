// What a deploy publishes to Remote Config: the repository's declarations with the project's values kept.
import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@boda/kit/repo";
import { describe, expect, it } from "vitest";
import type { RemoteConfigTemplate } from "./google-apis";
import { mergeTemplate } from "./remote-config-merge";
import { lineDiff } from "./text-diff";

const local = JSON.parse(
  readFileSync(path.join(REPO_ROOT, "remoteconfig.template.json"), "utf8"),
) as RemoteConfigTemplate;

describe("the Remote Config a deploy publishes", () => {
  it("should publish the repository's template as it is to a project that has none", () => {
    const merge = mergeTemplate(local, { parameters: {} });
    expect(merge.template.parameters).toEqual(local.parameters);
    expect(merge.changes).toContain("add site_phase = rsvp-open");
    expect(merge.problems).toEqual([]);
  });

  it("should change nothing when the project already declares the same switches", () => {
    expect(mergeTemplate(local, structuredClone(local)).changes).toEqual([]);
  });

  it("should keep the values the couple set, take the repository's descriptions, and drop what the site does not read", () => {
    const live = structuredClone(local);
    live.parameters.guestbook_enabled = { defaultValue: { value: "true" }, valueType: "BOOLEAN", description: "old" };
    live.parameters.rsvp_opne = { defaultValue: { value: "true" }, valueType: "BOOLEAN" };
    const merge = mergeTemplate(local, live);
    expect(merge.template.parameters.guestbook_enabled).toEqual({
      ...local.parameters.guestbook_enabled,
      defaultValue: { value: "true" },
    });
    expect(merge.template.parameters.rsvp_opne).toBeUndefined();
    expect(merge.changes).toEqual([
      "guestbook_enabled: new description",
      "remove rsvp_opne (the site does not read it)",
    ]);
    expect(merge.kept).toEqual(["guestbook_enabled = true (the repository's file says false)"]);
  });

  it("should name a kept value the site would refuse, so the deploy stops before publishing it", () => {
    const live = structuredClone(local);
    live.parameters.site_phase = { ...live.parameters.site_phase, defaultValue: { value: "fiesta" } };
    const merge = mergeTemplate(local, live);
    expect(merge.problems.map((problem) => problem.where)).toEqual([
      "Remote Config after the deploy parameters.site_phase.defaultValue.value",
    ]);
  });
});

describe("the plan's line diff", () => {
  it("should mark removed and added lines and fold long unchanged stretches", () => {
    const before = ["a", "b", "c", "d", "e", "f", "g", "h"].join("\n");
    const after = ["a", "b", "c", "d", "E", "f", "g", "h"].join("\n");
    expect(lineDiff(before, after, 1)).toEqual(["  …", "  d", "- e", "+ E", "  f", "  …"]);
  });
});
