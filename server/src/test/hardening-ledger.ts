// The hardening ledger: what each hardening test actually did and saw, one JSON line per observation, for the report
// at the end of `pnpm test` (scripts/stack/src/hardening-report.ts). Tests record *observations* (the refusal they checked
// and the answer they got, the fault they injected and whether the service came back, each hostile payload's outcome),
// never their titles, and they record before they assert, so a broken refusal shows up in the report as broken.
import { appendFileSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";

/**
 * The repository, found from the test's working directory (a package of the workspace): `import.meta.url` is not a
 * file URL in the web package's jsdom tests.
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "pnpm-workspace.yaml"))) return dir;
    if (path.dirname(dir) === dir)
      throw new Error(`No pnpm-workspace.yaml above ${from}: run the tests in the repository.`);
  }
}
const REPO_ROOT = findRepoRoot(process.cwd());
/** `pnpm test` sets it (and empties it first); a test file run alone writes beside the other test results. */
const LEDGER_DIR = process.env.HARDENING_LEDGER_DIR ?? path.join(REPO_ROOT, "artifacts/test-results/hardening-ledger");

export type LedgerKind = "refusals" | "faults" | "payloads" | "payloads-stored" | "concurrency" | "code-guessing";

export interface RefusalRecord {
  /** Who asked: "a stranger", "household lopez-navarro", "a browser with the Firestore SDK"… */
  who: string;
  /** What they tried: "rsvp.overview", "read /rsvps/other", "30 redeem calls with a rotating X-Forwarded-For"… */
  what: string;
  /** The refusal the test requires (an HTTP status, an error reason, "denied"). */
  expected: string;
  /** What actually came back. */
  answer: string;
  held: boolean;
}

export interface FaultRecord {
  id: string;
  /** The fault, concretely: "Firestore emulator process stopped (SIGTERM)", "BFF sent SIGTERM with 3 open streams". */
  fault: string;
  event: "injected" | "survived";
  /** For "survived": what showed the service was back or had held (the check that passed). */
  evidence?: string;
}

export interface PayloadRecord {
  procedure: string;
  /** Which services answered: the in-memory ones, or the real ones on the emulators. */
  services: "in-memory" | "emulators";
  /** "accepted": the write or read went through (what was stored is checked once per run: "payloads-stored"). */
  outcome: "rejected-with-reason" | "accepted" | "refused-before-schema" | "server-error";
  /** For a rejection: the first issue's path and message, or the error reason. */
  reason?: string;
}

/** Every record names the test that made it, so each figure in the report can be traced back to its tests. */
export function appendToLedger(kind: LedgerKind, record: object): void {
  const { currentTestName, testPath } = expect.getState();
  const origin = {
    test: currentTestName ?? "(outside a test)",
    file: testPath ? path.relative(REPO_ROOT, testPath) : "",
  };
  mkdirSync(LEDGER_DIR, { recursive: true });
  // One file per process and kind: appends of one short line from one process never interleave.
  appendFileSync(
    path.join(LEDGER_DIR, `${kind}.${process.pid}.jsonl`),
    `${JSON.stringify({ ...record, ...origin })}\n`,
  );
}

/**
 * Records a refusal the test checked, then asserts it. `answer` is what came back (a status, a reason, "allowed");
 * it must equal `expected`. Recording first means a refusal that did not hold is in the report as one that broke.
 */
export function checkRefusal(check: {
  who: string;
  what: string;
  expected: string | number;
  answer: string | number;
}): void {
  const expected = String(check.expected);
  const answer = String(check.answer);
  appendToLedger("refusals", {
    who: check.who,
    what: check.what,
    expected,
    answer,
    held: answer === expected,
  } satisfies RefusalRecord);
  expect(answer, `${check.who} trying ${check.what}`).toBe(expected);
}

/**
 * Runs a direct database call that the security rules must refuse, and records what came back: the SDK's error code
 * ("permission-denied"), or "allowed" if it went through.
 */
export async function checkDenied(who: string, what: string, attempt: Promise<unknown>): Promise<void> {
  let answer: string;
  try {
    await attempt;
    answer = "allowed";
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? (error as Error).message);
    // Firestore says "permission-denied", the Realtime Database "PERMISSION_DENIED".
    answer = /permission[-_ ]denied/i.test(code) ? "permission-denied" : code;
  }
  checkRefusal({ who, what, expected: "permission-denied", answer });
}

let faultCounter = 0;

/**
 * Records a fault as it is injected. Call `survived(evidence)` once the test has seen the service hold or come back;
 * a fault injected and never survived (the test failed after injecting it) is reported as not survived.
 */
export function injectFault(fault: string): { survived(evidence: string): void } {
  faultCounter += 1;
  const id = `${process.pid}-${faultCounter}-${Date.now()}`;
  appendToLedger("faults", { id, fault, event: "injected" } satisfies FaultRecord);
  return {
    survived(evidence: string) {
      appendToLedger("faults", { id, fault, event: "survived", evidence } satisfies FaultRecord);
    },
  };
}
