// The running stack's side for end-to-end tests: the demo households' invite links, the couple's seed commands
// (run exactly as the couple runs them), and the switches file this stack's BFF reads.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the end-to-end tests through \`pnpm test:e2e\`, which starts the stack.`);
  return value;
}

export interface DemoInvite {
  key: string;
  name: string;
  code: string;
  link: string;
}

/** A demo household's invite link, as `pnpm seed invites` wrote it for this stack. */
export function demoInvite(key: string): DemoInvite {
  const rows = parse(readFileSync(path.join(required("E2E_INVITES_DIR"), "enlaces.csv"), "utf8"), {
    columns: true,
  }) as DemoInvite[];
  const invite = rows.find((row) => row.key === key);
  if (!invite)
    throw new Error(`No demo invitation "${key}"; the demo households are: ${rows.map((row) => row.key).join(", ")}`);
  return invite;
}

/** Runs `pnpm seed <args>` against this stack's emulators; resolves with its exit code and output. */
export function seed(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("pnpm", ["--silent", "--filter", "@boda/scripts", "exec", "tsx", "src/seed/cli.ts", ...args], {
      cwd: REPO_ROOT,
      env: process.env,
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, out }));
  });
}

/**
 * Sets switches in this stack's Remote Config template directly, for states the couple's command rightly refuses
 * to set (a deadline in the past stands for time having passed); returns a function that puts the file back.
 */
export function setSwitchesDirectly(values: Record<string, string>): () => void {
  const file = required("REMOTE_CONFIG_TEMPLATE");
  const original = readFileSync(file, "utf8");
  const template = JSON.parse(original) as { parameters: Record<string, { defaultValue: { value: string } }> };
  for (const [key, value] of Object.entries(values)) {
    const parameter = template.parameters[key];
    if (!parameter) throw new Error(`The template has no switch "${key}".`);
    parameter.defaultValue.value = value;
  }
  writeFileSync(file, JSON.stringify(template, null, 2));
  return () => writeFileSync(file, original);
}
