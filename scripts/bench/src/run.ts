// `pnpm bench [name...]`: runs the benchmarks one after another, each in its own process; with no name, `site`,
// which writes scripts/bench/results/results.md. Never part of the tests: these machines are shared and noisy, so figures are read
// by people, not asserted.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { typescriptCommand } from "@boda/kit/processes";

const BENCHMARKS = {
  /** The guests' page as production serves it: BFF load, RSVP, reads, memory, downloads, Lighthouse. */
  site: "site.ts",
  /** The couple's announcement: from `live set` to the live stream and to the banner on screen. */
  live: "live-latency.ts",
  /** The Realtime Database stand-in: sets and fan-out. */
  rtdb: "rtdb.ts",
} as const;
type Name = keyof typeof BENCHMARKS;

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(", ")}; choose from: ${Object.keys(BENCHMARKS).join(", ")}.`);
  process.exit(2);
}
let failed = false;
for (const name of (asked.length > 0 ? asked : ["site"]) as Name[]) {
  console.log(`\n━━ ${name} ━━`);
  const [node, args] = typescriptCommand(fileURLToPath(new URL(`./${BENCHMARKS[name]}`, import.meta.url)));
  failed = spawnSync(node, args, { stdio: "inherit" }).status !== 0 || failed;
}
process.exit(failed ? 1 : 0);
