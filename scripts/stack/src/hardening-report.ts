// The end of `pnpm test`: how hard the run pushed, read only from the hardening ledger, the observations the tests
// themselves recorded (server/src/test/hardening-ledger.ts): each refusal checked and its answer, each fault injected
// and whether the service came back, each hostile payload's outcome, the concurrent answers and any lost. Nothing is
// inferred from test titles. Every record names its test, and the detail file lists the tests behind each figure.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where the tests write their records, inside the run's results folder (emptied at the start of every run). */
export const LEDGER_DIR_NAME = "hardening-ledger";
/** The per-test detail behind each figure, beside the results. */
export const DETAIL_FILE_NAME = "hardening-report.md";

interface Origin {
  test: string;
  file: string;
}
interface Refusal extends Origin {
  who: string;
  what: string;
  expected: string;
  answer: string;
  held: boolean;
}
interface Fault extends Origin {
  id: string;
  fault: string;
  event: "injected" | "survived";
  evidence?: string;
}
interface Payload extends Origin {
  procedure: string;
  services: string;
  outcome: "rejected-with-reason" | "accepted" | "refused-before-schema" | "server-error";
}
interface PayloadsStored extends Origin {
  services: string;
  accepted: Record<string, number>;
  stored: Record<string, number>;
}
interface Concurrency extends Origin {
  submissions: number;
  updatesLost: number;
  conflictsRetried: number;
}
interface CodeGuessing {
  crowdGuesses?: number;
  crowdAddresses?: number;
  crowdLookups?: number;
  lookAlikes?: number;
  timingT?: number;
}
interface Audit {
  checked: boolean;
  reason?: string;
  serious?: number;
}

export interface HardeningReport {
  lines: string[];
  /** What the records show went wrong (a lost update, a refusal that did not hold…); each fails the run. */
  failures: string[];
  /** The per-test detail, as Markdown. */
  detail: string;
}

function readRecords<T>(ledgerDir: string, kind: string): T[] {
  if (!existsSync(ledgerDir)) return [];
  return readdirSync(ledgerDir)
    .filter((file) => file.startsWith(`${kind}.`) && file.endsWith(".jsonl"))
    .flatMap((file) =>
      readFileSync(path.join(ledgerDir, file), "utf8")
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as T),
    );
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

/** Which layer a record came from, by its test file. */
function layerOf(file: string): string {
  if (/rules\.test\.ts$/.test(file)) return "database rules";
  if (file.startsWith("web/e2e/")) return "page in Chromium";
  if (file.startsWith("web/")) return "page components";
  if (file.startsWith("scripts/")) return "processes and seed commands";
  return "BFF";
}

function tally(counts: Map<string, number>): string {
  return [...counts.entries()].map(([name, count]) => `${name} ${count}`).join(", ");
}

export function hardeningReport(resultsDir: string): HardeningReport {
  const ledgerDir = path.join(resultsDir, LEDGER_DIR_NAME);
  const failures: string[] = [];
  const detail: string[] = ["# Hardening: the tests behind each figure", ""];
  const byTest = (records: Origin[]) =>
    [...countBy(records, (record) => `${record.file} › ${record.test}`).entries()].map(
      ([test, count]) => `- ${count} × ${test}`,
    );

  // Bad inputs: only payloads that reached the schema they target count.
  const payloads = readRecords<Payload>(ledgerDir, "payloads");
  const reached = payloads.filter((payload) => payload.outcome !== "refused-before-schema");
  const outcomes = countBy(reached, (payload) => payload.outcome);
  const serverErrors = outcomes.get("server-error") ?? 0;
  const stores = readRecords<PayloadsStored>(ledgerDir, "payloads-stored");
  const unstored = stores.filter((store) => JSON.stringify(store.accepted) !== JSON.stringify(store.stored));
  const acceptedWrites = stores.reduce(
    (sum, store) => sum + Object.values(store.accepted).reduce((a, b) => a + b, 0),
    0,
  );
  if (serverErrors > 0) failures.push(`${serverErrors} hostile payloads answered 5xx`);
  if (unstored.length > 0) failures.push("accepted hostile payloads that were not stored as accepted");
  const badInputs =
    payloads.length === 0
      ? "not run"
      : `${reached.length} hostile payloads reached the schema of ${new Set(reached.map((p) => p.procedure)).size} procedures ` +
        `(${tally(countBy(reached, (p) => p.services))}): ${outcomes.get("rejected-with-reason") ?? 0} rejected with a reason, ` +
        `${outcomes.get("accepted") ?? 0} accepted (${acceptedWrites} writes, ${unstored.length === 0 ? "each stored once" : "NOT ALL STORED"}), ` +
        `${serverErrors} answered 5xx; ${payloads.length - reached.length} more stopped before it (size limits) are not counted`;
  detail.push("## Bad inputs", "", ...byTest(payloads), "");

  // Refusals: each one a test checked, with who asked, what for, and the answer.
  const refusals = readRecords<Refusal>(ledgerDir, "refusals");
  const broke = refusals.filter((refusal) => !refusal.held);
  for (const refusal of broke) {
    failures.push(
      `refusal broke: ${refusal.who} → ${refusal.what}: expected ${refusal.expected}, got ${refusal.answer}`,
    );
  }
  const refusalsLine =
    refusals.length === 0
      ? "not run"
      : `${refusals.length} checked by ${new Set(refusals.map((r) => `${r.file}›${r.test}`)).size} tests ` +
        `(${tally(countBy(refusals, (r) => layerOf(r.file)))}): ${refusals.length - broke.length} held, ${broke.length} broke`;
  detail.push(
    "## Refusals",
    "",
    ...byTest(refusals),
    "",
    ...(broke.length > 0 ? ["### Broke", "", ...broke.map((r) => `- ${r.who} → ${r.what}: got ${r.answer}`), ""] : []),
  );

  // Faults: injected, and survived only when the test saw the service hold or come back.
  const faults = readRecords<Fault>(ledgerDir, "faults");
  const injected = faults.filter((fault) => fault.event === "injected");
  const survivedIds = new Set(faults.filter((fault) => fault.event === "survived").map((fault) => fault.id));
  const notSurvived = injected.filter((fault) => !survivedIds.has(fault.id));
  for (const fault of notSurvived) failures.push(`fault not survived: ${fault.fault} (${fault.file} › ${fault.test})`);
  const faultsLine =
    injected.length === 0
      ? "not run"
      : `${injected.length} injected by ${new Set(injected.map((f) => `${f.file}›${f.test}`)).size} tests ` +
        `(${tally(countBy(injected, (f) => layerOf(f.file)))}): ` +
        `${injected.length - notSurvived.length} survived, ${notSurvived.length} not`;
  detail.push(
    "## Faults",
    "",
    ...injected.map((fault) => {
      const survived = faults.find((each) => each.id === fault.id && each.event === "survived");
      return `- ${fault.fault}: ${survived ? `survived (${survived.evidence})` : "NOT SURVIVED"} — ${fault.file} › ${fault.test}`;
    }),
    "",
  );

  // The guessing tests each record one part of the picture (limits, look-alikes, timing).
  const guessing: CodeGuessing = Object.assign({}, ...readRecords<CodeGuessing>(ledgerDir, "code-guessing"));
  const audit = readJson<Audit>(path.join(ledgerDir, "audit.json"));

  const concurrency = readRecords<Concurrency>(ledgerDir, "concurrency");
  const submissions = concurrency.reduce((sum, run) => sum + run.submissions, 0);
  const updatesLost = concurrency.reduce((sum, run) => sum + run.updatesLost, 0);
  if (updatesLost > 0) failures.push(`${updatesLost} lost updates`);
  detail.push("## Concurrent answers", "", ...byTest(concurrency), "");

  return {
    failures,
    detail: detail.join("\n"),
    lines: [
      `bad inputs:                   ${badInputs}`,
      `refusals:                     ${refusalsLine}`,
      `faults:                       ${faultsLine}`,
      `invite-code guessing:         ${
        guessing.crowdGuesses !== undefined && guessing.timingT !== undefined
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
      `updates lost:                 ${
        concurrency.length === 0
          ? "not run"
          : `${updatesLost === 0 ? "0" : `${updatesLost} LOST`} of ${submissions} accepted concurrent answers ` +
            `(${concurrency.reduce((sum, run) => sum + run.conflictsRetried, 0)} conflicts retried)`
      }`,
    ],
  };
}

/** Writes the per-test detail next to the results; returns its path. */
export function writeHardeningDetail(resultsDir: string, report: HardeningReport): string {
  const file = path.join(resultsDir, DETAIL_FILE_NAME);
  writeFileSync(file, `${report.detail}\n`);
  return file;
}
