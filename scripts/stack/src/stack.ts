// The whole stack as guests get it: emulators, the demo content published with the couple's own seed command,
// and the BFF serving the production build of web/. Used by `pnpm start` and by the end-to-end tests.
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type RunningEmulators, startEmulators } from "@boda/emulators/harness";
import { type DemoInvite, readInviteLinks } from "@boda/kit/demo-invites";
import { freePort } from "@boda/kit/ports";
import {
  httpOk,
  type ManagedProcess,
  runToCompletion,
  spawnManaged,
  typescriptCommand,
  waitUntilReady,
} from "@boda/kit/processes";
import { EXAMPLE_CONTENT_FILE, EXAMPLE_GUEST_LIST, REMOTE_CONFIG_TEMPLATE, REPO_ROOT } from "@boda/kit/repo";
import { bundleCommand } from "@boda/kit/server-bundle";

export const WEB_DIST_DIR = path.join(REPO_ROOT, "web/dist");

export interface StackOptions {
  ports: "free" | "configured";
  /** The BFF's port when ports are "configured" (default 8787, or BFF_PORT). */
  bffPort?: number;
  /**
   * "repository": the BFF reads remoteconfig.template.json, which `pnpm seed config set` edits (`pnpm start`).
   * "copy": a copy of it per stack, so tests can flip switches without touching the repository's file.
   */
  switches?: "repository" | "copy";
  log?: (line: string) => void;
  /**
   * How the BFF runs: "typescript" (through tsx, as in development; the default) or "bundle" (the production build,
   * server/dist/main.mjs under plain `node`, as the container image runs it; build it first).
   */
  bff?: "typescript" | "bundle";
  /**
   * A fixed "now" (an ISO instant) for everything the stack decides by the date: the BFF's date rules (FIXED_NOW)
   * and the seed commands run against it (SEED_NOW). The tests set it; `pnpm start` runs on the real clock.
   */
  fixedNow?: string;
}

export interface RunningStack {
  url: string;
  emulators: RunningEmulators;
  /** The environment seed commands need to reach this stack (emulator hosts and its switches file). */
  env: NodeJS.ProcessEnv;
  /** The Remote Config template this stack's BFF reads. */
  switchesFile: string;
  /** The demo households' invite links (from `pnpm seed invites`). */
  invites: DemoInvite[];
  invitesDir: string;
  stop(): Promise<void>;
}

/** A day safely before the example wedding (12 June 2027), so its dates never count as "in the past". */
const DEMO_PUBLISHED_AT = "2027-01-01T10:00:00Z";

/** Runs one of the couple's seed commands against the given emulators, as they would. */
export function seed(args: string[], env: NodeJS.ProcessEnv, label: string): Promise<string> {
  const [node, cliArgs] = typescriptCommand(fileURLToPath(import.meta.resolve("@boda/seed/cli")));
  return runToCompletion(node, [...cliArgs, ...args], { env, label });
}

/** Publishes the example wedding with the couple's own command, as they would. */
export function seedDemoContent(env: NodeJS.ProcessEnv): Promise<string> {
  return seed(
    ["content", EXAMPLE_CONTENT_FILE],
    { ...env, SEED_NOW: DEMO_PUBLISHED_AT },
    "Publishing the demo content (pnpm seed content)",
  );
}

/** Invites the example guest list with the couple's own command; returns the links it wrote. */
export async function seedDemoInvites(env: NodeJS.ProcessEnv, baseUrl: string, outDir: string): Promise<DemoInvite[]> {
  await seed(
    ["invites", EXAMPLE_GUEST_LIST, "--base-url", baseUrl, "--out", outDir],
    env,
    "Inviting the demo guests (pnpm seed invites)",
  );
  return readInviteLinks(outDir);
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const emulators = await startEmulators({ ports: options.ports, log });
  let bff: ManagedProcess | undefined;
  const stop = async () => {
    await bff?.stop();
    await emulators.stop();
  };
  try {
    const port =
      options.ports === "free" ? await freePort() : (options.bffPort ?? Number(process.env.BFF_PORT ?? 8787));
    const url = `http://127.0.0.1:${port}/`;
    const logDir = path.join(REPO_ROOT, ".emulators");
    mkdirSync(logDir, { recursive: true });
    let switchesFile = REMOTE_CONFIG_TEMPLATE;
    if (options.switches === "copy") {
      switchesFile = path.join(logDir, `remoteconfig-${port}.json`);
      copyFileSync(REMOTE_CONFIG_TEMPLATE, switchesFile);
    }
    const clock = options.fixedNow ? { FIXED_NOW: options.fixedNow, SEED_NOW: options.fixedNow } : {};
    const env = { ...process.env, ...emulators.env, ...clock, REMOTE_CONFIG_TEMPLATE: switchesFile };

    const seeded = await seedDemoContent(env);
    log(`  Demo content      ${seeded.trim().split("\n").at(-1) ?? "published"}`);
    const invitesDir = path.join(logDir, `demo-invitaciones-${port}`);
    const invites = await seedDemoInvites(env, url.replace(/\/$/, ""), invitesDir);
    log(
      `  Demo guests       ${invites.length} invitations, links in ${path.relative(REPO_ROOT, invitesDir)}/enlaces.csv`,
    );

    const bffCommand = options.bff === "bundle" ? bundleCommand() : typescriptCommand("server/src/main.ts");
    bff = spawnManaged(...bffCommand, {
      cwd: REPO_ROOT,
      env: { ...env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), WEB_DIST_DIR: WEB_DIST_DIR },
      logFile: path.join(logDir, `bff-${port}.log`),
    });
    await waitUntilReady("The BFF", bff, () => httpOk(`${url}readyz`), { timeoutMs: 30_000 });
    const from = options.bff === "bundle" ? "the production bundle" : "TypeScript";
    log(`  BFF               ${url}  serving web/dist (${from}), logs .emulators/bff-${port}.log`);
    return { url, emulators, env, switchesFile, invites, invitesDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
