// The hardening report counts only what tests recorded, and a record of something going wrong fails the run.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hardeningReport, LEDGER_DIR_NAME } from "./hardening-report";

const origin = { test: "a test", file: "server/src/example.http.test.ts" };

function resultsWith(records: Record<string, object[]>): string {
  const results = mkdtempSync(path.join(tmpdir(), "hardening-report-"));
  const ledger = path.join(results, LEDGER_DIR_NAME);
  mkdirSync(ledger);
  for (const [kind, list] of Object.entries(records)) {
    writeFileSync(
      path.join(ledger, `${kind}.1.jsonl`),
      list.map((record) => JSON.stringify({ ...origin, ...record })).join("\n"),
    );
  }
  return results;
}

const line = (report: ReturnType<typeof hardeningReport>, name: string) =>
  report.lines.find((each) => each.startsWith(`${name}:`));

describe("the hardening report", () => {
  it("says a refusal that did not hold broke, and fails the run", () => {
    const report = hardeningReport(
      resultsWith({
        refusals: [
          { who: "a stranger", what: "rsvp.overview", expected: "401", answer: "401", held: true },
          { who: "household garcia", what: "rsvp.overview", expected: "403", answer: "200", held: false },
        ],
      }),
    );
    expect(line(report, "refusals")).toContain("2 checked by 1 tests (BFF 2): 1 held, 1 broke");
    expect(report.failures).toEqual(["refusal broke: household garcia → rsvp.overview: expected 403, got 200"]);
  });

  it("counts a fault injected but never seen survived as not survived, and fails the run", () => {
    const report = hardeningReport(
      resultsWith({
        faults: [
          { id: "1", fault: "Firestore stopped", event: "injected" },
          { id: "1", fault: "Firestore stopped", event: "survived", evidence: "ready again" },
          { id: "2", fault: "SIGTERM", event: "injected" },
        ],
      }),
    );
    expect(line(report, "faults")).toContain("2 injected by 1 tests (BFF 2): 1 survived, 1 not");
    expect(report.failures).toHaveLength(1);
    expect(report.detail).toContain("- SIGTERM: NOT SURVIVED");
  });

  it("prints the measured lost updates, and fails the run on any", () => {
    const report = hardeningReport(
      resultsWith({ concurrency: [{ submissions: 173, updatesLost: 2, conflictsRetried: 40 }] }),
    );
    expect(line(report, "updates lost")).toContain("2 LOST of 173 accepted concurrent answers");
    expect(report.failures).toEqual(["2 lost updates"]);
  });

  it("counts only payloads that reached their schema, by outcome, and fails on a 5xx", () => {
    const report = hardeningReport(
      resultsWith({
        payloads: [
          { procedure: "rsvp.submit", services: "emulators", outcome: "rejected-with-reason" },
          { procedure: "rsvp.submit", services: "emulators", outcome: "server-error" },
          { procedure: "rsvp.submit", services: "in-memory", outcome: "refused-before-schema" },
        ],
      }),
    );
    expect(line(report, "bad inputs")).toMatch(/^bad inputs: +2 hostile payloads reached the schema of 1 procedures/);
    expect(line(report, "bad inputs")).toContain("1 answered 5xx; 1 more stopped before it");
    expect(report.failures).toEqual(["1 hostile payloads answered 5xx"]);
  });

  it("says a check did not run rather than print zero", () => {
    const report = hardeningReport(resultsWith({}));
    for (const name of ["bad inputs", "refusals", "faults", "updates lost"])
      expect(line(report, name)).toContain("not run");
    expect(report.failures).toEqual([]);
  });
});
