// What the hardening tests tried and saw, for the report at the end of `pnpm test` (scripts/src/hardening-report.ts
// reads these files by name).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const COUNTS_DIR = fileURLToPath(new URL("../../../artifacts/test-results/hardening-counts", import.meta.url));

export function recordHardeningCounts(file: "bad-inputs" | "concurrency" | "code-guessing", counts: object): void {
  mkdirSync(COUNTS_DIR, { recursive: true });
  writeFileSync(path.join(COUNTS_DIR, `${file}.json`), JSON.stringify(counts));
}
