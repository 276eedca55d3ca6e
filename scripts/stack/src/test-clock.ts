// `pnpm test:clock`: the end-to-end layer once for each moment of the day that has broken a suite before, with every
// process of the run (emulators, BFF, Chromium, the tests) on a machine clock moved there by libfaketime. The layer
// runs on its own fixed "now" (E2E_NOW in test-all.ts), so it must give the same result at every one of them.
// Not part of `pnpm test`: each moment is a whole end-to-end run.
import { spawnSync } from "node:child_process";
import { REPO_ROOT } from "@boda/kit/repo";
import { TZDate } from "@date-fns/tz";

const WEDDING_TIME_ZONE = "Europe/Madrid";

interface Moment {
  name: string;
  /** The Madrid wall-clock time the machine is moved to. */
  at: TZDate;
}

const today = TZDate.tz(WEDDING_TIME_ZONE);
const onToday = (hours: number, minutes: number) =>
  new TZDate(today.getFullYear(), today.getMonth(), today.getDate(), hours, minutes, 0, WEDDING_TIME_ZONE);

const MOMENTS: Moment[] = [
  { name: "07:05 in Madrid (an hour written with one digit)", at: onToday(7, 5) },
  {
    name: "23:55 in Madrid (minutes before the date changes there, an hour before it does in UTC)",
    at: onToday(23, 55),
  },
  { name: "the wedding day, 17:30 in Madrid", at: new TZDate(2027, 5, 12, 17, 30, 0, WEDDING_TIME_ZONE) },
];

if (spawnSync("faketime", ["--version"], { stdio: "ignore" }).error) {
  console.error("✗ `pnpm test:clock` needs libfaketime: install it with `sudo apt-get install -y faketime`.");
  process.exit(1);
}

const results: string[] = [];
for (const moment of MOMENTS) {
  // A relative offset, so every process the run starts shares one moving clock (an absolute time would restart
  // at that time in each new process).
  const offsetSeconds = Math.round((moment.at.getTime() - Date.now()) / 1000);
  console.log(`\n━━ End-to-end layer at ${moment.name}: ${moment.at.toISOString()} (${offsetSeconds} s from now) ━━`);
  const run = spawnSync(
    "faketime",
    [
      "-f",
      `${offsetSeconds >= 0 ? "+" : ""}${offsetSeconds}s`,
      "node",
      "scripts/bootstrap.mjs",
      "test",
      "--only",
      "e2e",
    ],
    // Monotonic clocks are moved by the same offset too: leaving them real (FAKETIME_DONT_FAKE_MONOTONIC) makes the
    // Firestore emulator miss its own deadlines, and reads time out.
    { cwd: REPO_ROOT, stdio: "inherit" },
  );
  results.push(`${run.status === 0 ? "✓" : "✗"} ${moment.name}`);
}

console.log(`\n━━ The end-to-end layer at each moment ━━\n${results.join("\n")}`);
process.exit(results.every((line) => line.startsWith("✓")) ? 0 : 1);
