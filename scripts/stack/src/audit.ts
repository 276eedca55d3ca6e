// `pnpm audit:deps`, a step of `pnpm test`: no high or critical advisory in what ships (production dependencies).
// An advisory the project accepts goes in package.json's `pnpm.auditConfig.ignoreGhsas`, with its reason in
// docs/security.md. Where the registry's advisory endpoint cannot be reached, it says plainly that nothing was
// checked and exits with NOT_CHECKED_EXIT (`pnpm test` shows "NOT CHECKED", the hardening report repeats it) rather
// than passing as if it had.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@boda/kit/repo";
import { NOT_CHECKED_EXIT } from "./audit-outcome";
import { LEDGER_DIR_NAME } from "./hardening-report";

interface AuditJson {
  advisories?: Record<string, { severity: string; module_name: string; title: string; github_advisory_id?: string }>;
}

const result = spawnSync("pnpm", ["audit", "--prod", "--json"], { cwd: REPO_ROOT, encoding: "utf8", timeout: 120_000 });
const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
const record = (outcome: object) => {
  const dir = process.env.HARDENING_LEDGER_DIR ?? path.join(REPO_ROOT, "artifacts/test-results", LEDGER_DIR_NAME);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "audit.json"), JSON.stringify(outcome));
};

let audit: AuditJson | undefined;
try {
  audit = JSON.parse(result.stdout) as AuditJson;
} catch {
  audit = undefined;
}
if (!audit?.advisories) {
  const reason =
    output.match(/responded with \d+/)?.[0] ?? output.match(/ERR_PNPM_\w+|ENOTFOUND|ETIMEDOUT/)?.[0] ?? "no answer";
  console.log(
    `Dependency audit NOT CHECKED: the registry's advisory endpoint cannot be reached from here (${reason}). ` +
      "Run `pnpm audit --prod` where it can be, before a deploy.",
  );
  record({ checked: false, reason });
  process.exit(NOT_CHECKED_EXIT);
}

const serious = Object.values(audit.advisories).filter((advisory) => ["high", "critical"].includes(advisory.severity));
record({ checked: true, serious: serious.length, total: Object.keys(audit.advisories).length });
for (const advisory of serious) {
  console.error(
    `✗ ${advisory.severity}: ${advisory.module_name}: ${advisory.title} (${advisory.github_advisory_id ?? "no id"})`,
  );
}
if (serious.length > 0) {
  console.error(
    "Upgrade the package, or accept the advisory in package.json's pnpm.auditConfig.ignoreGhsas " +
      "and write down why in docs/security.md.",
  );
  process.exit(1);
}
console.log(`Dependency audit: no high or critical advisory in production dependencies.`);
