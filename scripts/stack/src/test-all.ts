// `pnpm test`: every check in one command — types, lint, component tests, bundle budget, integration tests on the
// emulators, and end-to-end tests in Chromium against the started stack (its BFF from the production bundle).
// Ends with "N passed, N failed".
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { startEmulators } from "@boda/emulators/harness";
import { typescriptCommand } from "@boda/kit/processes";
import { REPO_ROOT } from "@boda/kit/repo";
import { NOT_CHECKED_EXIT } from "./audit-outcome";
import { hardeningReport, LEDGER_DIR_NAME, writeHardeningDetail } from "./hardening-report";
import { startStack } from "./stack";

const RESULTS_DIR = path.join(REPO_ROOT, "artifacts/test-results");
/**
 * The end-to-end layer's "now": 07:41 in Madrid on 20 April 2027, an hour written with one digit, before the answer
 * deadline (1 May) and the wedding (12 June). The browser pages, the BFF's date rules and the seed commands all run on
 * it, so the layer gives the same result whatever the machine's clock and time zone say (`pnpm test:clock` proves it).
 */
const E2E_NOW = "2027-04-20T05:41:00Z";
/** The script packages with tests, in the order they build on each other; each runs on the same emulators. */
const SCRIPTS_PACKAGES = [
  ["Kit tests", "@boda/kit"],
  ["Realtime Database stand-in tests", "@boda/rtdb-standin"],
  ["Emulator harness tests", "@boda/emulators"],
  ["Seed command tests", "@boda/seed"],
  ["Deploy tests", "@boda/deploy"],
  ["Stack tests (production bundle, resilience)", "@boda/stack"],
] as const;
const LAYERS = ["static", "web", "build", "integration", "e2e"] as const;
type Layer = (typeof LAYERS)[number];

const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex >= 0 ? (process.argv[onlyIndex + 1]?.split(",") as Layer[]) : [...LAYERS];
const unknown = only.filter((layer) => !LAYERS.includes(layer));
if (unknown.length > 0) {
  console.error(`Unknown layer ${unknown.join(", ")}; choose from ${LAYERS.join(", ")} (e.g. --only e2e).`);
  process.exit(2);
}

interface StepResult {
  step: string;
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  /** Ran, but could not check anything here (e.g. an endpoint it needs is unreachable); not a failure. */
  notChecked?: boolean;
}
const results: StepResult[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: "inherit" });
    child.on("exit", (code) => resolve(code ?? 1));
    child.on("error", () => resolve(127));
  });
}

/** A command that passes with exit 0; exit 3 (NOT_CHECKED_EXIT) means it could not check anything here. */
async function step(name: string, command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<void> {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const code = await run(command, args, env);
  const notChecked = code === NOT_CHECKED_EXIT;
  results.push({
    step: name,
    ok: code === 0 || notChecked,
    notChecked,
    passed: 0,
    failed: 0,
    skipped: 0,
    seconds: (Date.now() - started) / 1000,
  });
  if (code !== 0 && !notChecked) console.error(`✗ ${name} failed (exit ${code})`);
}

/** A vitest run whose counts come from its JSON report, so the summary adds up real tests. */
async function vitestStep(name: string, filter: string, extraArgs: string[], env?: NodeJS.ProcessEnv): Promise<void> {
  console.log(`\n━━ ${name} ━━`);
  const report = path.join(RESULTS_DIR, `${name.replace(/\W+/g, "-").toLowerCase()}.json`);
  rmSync(report, { force: true });
  const started = Date.now();
  const code = await run(
    "pnpm",
    [
      "--filter",
      filter,
      "exec",
      "vitest",
      "run",
      ...extraArgs,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    env,
  );
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8")) as Record<string, number>;
    counts.passed = json.numPassedTests ?? 0;
    counts.failed = json.numFailedTests ?? 0;
    counts.skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  }
  const ok = code === 0 && counts.passed > 0;
  results.push({ step: name, ok, ...counts, seconds: (Date.now() - started) / 1000 });
  if (!ok) console.error(`✗ ${name} failed (exit ${code}${counts.passed === 0 ? ", no test passed" : ""})`);
}

// Reports and records of an earlier run (a whole one or an `--only` one) must never be counted as this run's.
rmSync(RESULTS_DIR, { recursive: true, force: true });
mkdirSync(RESULTS_DIR, { recursive: true });
// Every test process records its hardening observations here (server/src/test/hardening-ledger.ts).
process.env.HARDENING_LEDGER_DIR = path.join(RESULTS_DIR, LEDGER_DIR_NAME);

if (only.includes("static")) {
  await step("Typecheck", "pnpm", ["-r", "typecheck"]);
  await step("Lint and format (biome)", "pnpm", ["exec", "biome", "check", "."]);
  // Run directly (not through `pnpm audit:deps`, which would turn its "not checked" exit code into a failure).
  await step("Dependency audit (production)", ...typescriptCommand("scripts/stack/src/audit.ts"));
}
if (only.includes("web")) await vitestStep("Web component tests", "@boda/web", []);
if (only.includes("build") || only.includes("e2e")) {
  await step("Web production build", "pnpm", ["--filter", "@boda/web", "build"]);
  await step("Bundle budget", "pnpm", ["--filter", "@boda/web", "budget"]);
}
// The BFF's production bundle: the integration layer tests it over HTTP (one and two instances) and the end-to-end
// tests run against it, as the container image runs it.
if (only.includes("build") || only.includes("integration") || only.includes("e2e")) {
  await step("BFF production bundle", "pnpm", ["--filter", "@boda/server", "build"]);
}

if (only.includes("integration")) {
  console.log("\n━━ Starting emulators for the integration tests ━━");
  const emulators = await startEmulators({ ports: "free" }).catch((error: Error) => {
    console.error(error.message);
    results.push({ step: "Emulators", ok: false, passed: 0, failed: 0, skipped: 0, seconds: 0 });
    return undefined;
  });
  if (emulators) {
    const env = { ...process.env, ...emulators.env };
    try {
      await vitestStep("Server integration tests", "@boda/server", [], env);
      for (const [name, filter] of SCRIPTS_PACKAGES) await vitestStep(name, filter, [], env);
    } finally {
      await emulators.stop();
    }
  }
}

if (only.includes("e2e")) {
  console.log("\n━━ Starting the stack for the end-to-end tests ━━");
  const stack = await startStack({ ports: "free", switches: "copy", bff: "bundle", fixedNow: E2E_NOW }).catch(
    (error: Error) => {
      console.error(error.message);
      results.push({ step: "Stack for end-to-end tests", ok: false, passed: 0, failed: 0, skipped: 0, seconds: 0 });
      return undefined;
    },
  );
  if (stack) {
    try {
      await vitestStep("End-to-end tests (Chromium)", "@boda/web", ["--config", "vitest.e2e.config.ts"], {
        ...stack.env,
        E2E_BASE_URL: stack.url,
        E2E_INVITES_DIR: stack.invitesDir,
        E2E_NOW,
      });
    } finally {
      await stack.stop();
    }
  }
}

console.log("\n━━ Summary ━━");
for (const result of results) {
  const counts = result.passed + result.failed > 0 ? `  ${result.passed} passed, ${result.failed} failed` : "";
  const mark = result.notChecked ? "–" : result.ok ? "✓" : "✗";
  const note = result.notChecked ? "  NOT CHECKED here" : "";
  console.log(`${mark} ${result.step.padEnd(50)} ${result.seconds.toFixed(1).padStart(6)}s${counts}${note}`);
}
const failedSteps = results.filter((result) => !result.ok);
const total = results.reduce(
  (sum, result) => ({
    passed: sum.passed + result.passed,
    failed: sum.failed + result.failed,
    skipped: sum.skipped + result.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const hardening = hardeningReport(RESULTS_DIR);
const detailFile = writeHardeningDetail(RESULTS_DIR, hardening);
console.log(
  `\n━━ Hardening (from the tests' own records; the tests behind each figure: ${path.relative(REPO_ROOT, detailFile)}) ━━`,
);
for (const line of hardening.lines) console.log(line);
for (const failure of hardening.failures) {
  console.error(`✗ ${failure}`);
  failedSteps.push({ step: `Hardening: ${failure}`, ok: false, passed: 0, failed: 0, skipped: 0, seconds: 0 });
}
if (failedSteps.length > 0) console.error(`\nFailed steps: ${failedSteps.map((result) => result.step).join("; ")}`);
// A failed step with no failing test (typecheck, lint, budget, a crash) still counts as a failure.
const failedCount = total.failed + failedSteps.filter((result) => result.failed === 0).length;
console.log(`${total.passed} passed, ${failedCount} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
