#!/usr/bin/env node
// `npm start` / `npm test` on a fresh clone: installs what is missing (pnpm at the pinned version, the
// dependencies, Chromium for the browser tests), then hands over to the TypeScript entry points.
// Plain JavaScript with no dependencies, because it runs before anything is installed.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [command, ...rest] = process.argv.slice(2);
const entries = {
  start: "src/start.ts",
  dev: "src/dev.ts",
  test: "src/test-all.ts",
  "test-clock": "src/test-clock.ts",
};
if (!(command in entries)) {
  console.error(`Usage: node scripts/bootstrap.mjs <${Object.keys(entries).join("|")}> [args]`);
  process.exit(2);
}

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19))
  fail(`Node ${process.versions.node} is too old: install Node 20.19 or newer.`);

const pnpmVersion = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).packageManager.split("@")[1];
ensurePnpm();
run("pnpm", ["install", "--frozen-lockfile", "--reporter=append-only"]);
const runsBrowser =
  command === "test-clock" ||
  (command === "test" && (!rest.includes("--only") || rest.some((arg) => arg.includes("e2e"))));
// The browser tests launch CHROMIUM_PATH, or else /usr/bin/chromium (web/e2e/support/browser.ts).
if (runsBrowser && !process.env.CHROMIUM_PATH)
  ensureDebianPackage(["/usr/bin/chromium"], "chromium", "the end-to-end tests (or set CHROMIUM_PATH)");
if (command === "test-clock") ensureDebianPackage(["/usr/bin/faketime"], "faketime", "`pnpm test:clock`");
// Ctrl-C reaches the whole process group: let the child stop the stack cleanly and report its own exit code.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => {});
const result = spawnSync("pnpm", ["--filter", "@boda/stack", "exec", "tsx", entries[command], ...rest], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);

function ensurePnpm() {
  const found = spawnSync("pnpm", ["--version"], { encoding: "utf8" });
  if (found.status === 0 && found.stdout.trim() === pnpmVersion) return;
  // corepack is not used: its registry signature check fails on machines behind a registry mirror.
  console.log(`Installing pnpm ${pnpmVersion} (found: ${found.status === 0 ? found.stdout.trim() : "none"})…`);
  run(
    "npm",
    ["install", "--global", `pnpm@${pnpmVersion}`],
    `Install it yourself with \`npm install -g pnpm@${pnpmVersion}\`.`,
  );
}

/** Installs a Debian package when none of its `files` exists (apt-get, through sudo unless root). */
function ensureDebianPackage(files, pkg, forWhat) {
  if (files.some((file) => existsSync(file))) return;
  const hasApt = spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
  if (!hasApt) fail(`${forWhat} needs the ${pkg} package: install it yourself.`);
  const [apt, ...aptArgs] = process.getuid?.() === 0 ? ["apt-get"] : ["sudo", "apt-get"];
  console.log(`Installing ${pkg} from the distribution's packages for ${forWhat}…`);
  run(apt, [...aptArgs, "update"], "Run `sudo apt-get update` yourself.");
  run(apt, [...aptArgs, "install", "-y", pkg], `Install it with \`sudo apt-get install -y ${pkg}\`.`);
}

function run(file, args, hint = "") {
  try {
    execFileSync(file, args, { cwd: root, stdio: "inherit" });
  } catch {
    fail(`\`${file} ${args.join(" ")}\` failed. ${hint}`);
  }
}

function fail(message) {
  console.error(`\n✗ ${message}`);
  process.exit(1);
}
