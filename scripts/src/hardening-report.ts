// The end of `pnpm test`: how hard the run pushed. Counts come from what the tests themselves recorded (the hostile
// payloads sent, the concurrent answers and any lost) and from the vitest reports (passed tests that check a
// refusal, and those that inject a fault), so they are the run's real numbers, not constants.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Where tests write their counts (`{ "badInputs": n }`, `{ "submissions": n, "updatesLost": n }`, code guessing). */
export const COUNTS_DIR_NAME = "hardening-counts";

const DENIAL = /\b(refus\w*|den(y|ies|ied)|forbid\w*|never (let|answer|hold|read|write|serve))\b/i;
const FAULT =
  /(restart\w*|SIGTERM|unavailable|stopped|listener (fails|errors?)|Firestore (is )?(down|unreachable)|offline|no network|dropped)/i;

interface VitestReport {
  testResults?: Array<{ name: string; assertionResults?: Array<{ title: string; fullName: string; status: string }> }>;
}

export interface HardeningReport {
  lines: string[];
  updatesLost: number;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

export function hardeningReport(resultsDir: string): HardeningReport {
  const countsDir = path.join(resultsDir, COUNTS_DIR_NAME);
  const counts = (name: string) => readJson<Record<string, number>>(path.join(countsDir, name));
  let denials = 0;
  let faults = 0;
  for (const file of existsSync(resultsDir) ? readdirSync(resultsDir) : []) {
    if (!file.endsWith(".json")) continue;
    const report = readJson<VitestReport>(path.join(resultsDir, file));
    for (const suite of report?.testResults ?? []) {
      for (const test of suite.assertionResults ?? []) {
        if (test.status !== "passed") continue;
        if (DENIAL.test(test.fullName)) denials += 1;
        if (FAULT.test(test.fullName) || /resilience/.test(suite.name)) faults += 1;
      }
    }
  }
  const badInputs = counts("bad-inputs.json");
  const concurrency = counts("concurrency.json");
  const guessing = counts("code-guessing.json");
  const audit = readJson<{ checked: boolean; reason?: string; serious?: number }>(path.join(countsDir, "audit.json"));
  const updatesLost = concurrency?.updatesLost ?? 0;
  return {
    updatesLost,
    lines: [
      `bad inputs tried:             ${badInputs ? `${badInputs.badInputs} hostile payloads at every procedure, none answered 5xx` : "not run"}`,
      `denials checked:              ${denials} passing tests of a refusal (rules, BFF, page)`,
      `faults injected and survived: ${faults} passing tests of a failure (database down or restarted, SIGTERM, offline)`,
      `invite-code guessing:         ${
        guessing?.crowdGuesses !== undefined && guessing.timingT !== undefined
          ? `${guessing.crowdGuesses} guesses from ${guessing.crowdAddresses} addresses held to ${guessing.crowdLookups} lookups; ` +
            `${guessing.lookAlikes ?? 0} look-alikes refused; replaced vs unknown code timing |t| = ${guessing.timingT.toFixed(1)} (a leak is > 4.5)`
          : "not run"
      }`,
      `dependency audit:             ${
        !audit
          ? "not run"
          : audit.checked
            ? `${audit.serious} high or critical advisories in production dependencies`
            : `NOT CHECKED (the advisory endpoint is unreachable here: ${audit.reason})`
      }`,
      `updates lost:                 ${concurrency ? `${updatesLost} of ${concurrency.submissions} concurrent answers` : "not run"}`,
    ],
  };
}
