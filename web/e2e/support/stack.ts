// The running stack's side for end-to-end tests: the demo households' invite links, the couple's seed commands
// (run exactly as the couple runs them), and the switches file this stack's BFF reads.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type DemoInvite, readInviteLinks } from "@boda/kit/demo-invites";
import { runCollecting, runToCompletion } from "@boda/kit/processes";
import { REPO_ROOT } from "@boda/kit/repo";
import { expect } from "vitest";
import type { GuestPage } from "./browser";

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the end-to-end tests through \`pnpm test:e2e\`, which starts the stack.`);
  return value;
}

/** A demo household's invite link, as `pnpm seed invites` wrote it for this stack. */
export function demoInvite(key: string): DemoInvite {
  const rows = readInviteLinks(required("E2E_INVITES_DIR"));
  const invite = rows.find((row) => row.key === key);
  if (!invite)
    throw new Error(`No demo invitation "${key}"; the demo households are: ${rows.map((row) => row.key).join(", ")}`);
  return invite;
}

/** Runs `pnpm seed <args>` against this stack's emulators; resolves with its exit code and output. */
export async function seed(...args: string[]): Promise<{ code: number; out: string }> {
  const run = await runCollecting("pnpm", ["--silent", "--filter", "@boda/seed", "exec", "tsx", "src/cli.ts", ...args]);
  return { code: run.code, out: run.output };
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

export interface ExtraBff {
  url: string;
  /** Stops the BFF and starts it again on the same port: what a deploy of a new revision looks like to a browser. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One more BFF on this stack's emulators, serving its own copy of the web build (for deploy scenarios), with `env`
 * added to its environment (e.g. a measurement id, as a real project has).
 */
export async function startExtraBff(
  distDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ExtraBff> {
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn("pnpm", ["--silent", "--filter", "@boda/server", "exec", "tsx", "src/main.ts"], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: "ignore",
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: String(port),
        NODE_ENV: "production",
        WEB_DIST_DIR: distDir,
        LOG_LEVEL: "warn",
        ...env,
      },
    });
    await expect
      .poll(async () => (await fetch(`${url}/readyz`).catch(() => undefined))?.status, { timeout: 30_000 })
      .toBe(200);
  };
  const stop = async () => {
    const running = child;
    if (!running?.pid || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    process.kill(-running.pid, "SIGTERM");
    await exited;
  };
  await start();
  return {
    url,
    async restart() {
      await stop();
      await start();
    },
    stop,
  };
}

/** The web build the stack's own BFF serves (built before the end-to-end tests run). */
export const STACK_WEB_DIST = path.join(REPO_ROOT, "web/dist");

/**
 * Restarts `bff` under an open page, as a deploy replaces an instance, and resolves once the page's live feed is
 * back on the new process. The one test process is down for a moment (a real deploy starts the new instance before
 * stopping the old): the live feed's attempts meanwhile are refused, and the browser logs each refusal. Those
 * refusals are taken off the page's console errors; any other refused request fails the test.
 */
export async function restartUnderOpenPage(bff: ExtraBff, guest: GuestPage): Promise<void> {
  const { page } = guest;
  const loggedBefore = guest.consoleErrors.length;
  const refused: string[] = [];
  const onFailed = (request: { url(): string; failure(): { errorText: string } | null }) => {
    if (request.failure()?.errorText === "net::ERR_CONNECTION_REFUSED") refused.push(request.url());
  };
  page.on("requestfailed", onFailed);
  // Only the new process can answer: the old one is stopped before this could match.
  const feedBack = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/trpc/live.feed" && response.status() === 200,
    { timeout: 60_000 },
  );
  try {
    await bff.restart();
    await feedBack;
  } finally {
    page.off("requestfailed", onFailed);
  }
  expect(refused.filter((url) => new URL(url).pathname !== "/trpc/live.feed")).toEqual([]);
  const loggedDuringRestart = guest.consoleErrors.splice(loggedBefore);
  guest.consoleErrors.push(...loggedDuringRestart.filter((error) => !error.includes("net::ERR_CONNECTION_REFUSED")));
}

/** Builds the web app into `outDir` as version `version` (what a new deploy ships). */
export async function buildWeb(outDir: string, version: string): Promise<void> {
  // The page, then its prerender beside it (dist-ssr), where the BFF looks for it: as `pnpm build` lays them out.
  const ssrOutDir = path.join(path.dirname(outDir), "dist-ssr");
  for (const args of [
    ["--outDir", outDir],
    ["--ssr", "src/render-public-page.tsx", "--outDir", ssrOutDir],
  ]) {
    await runToCompletion(
      "pnpm",
      ["--silent", "--filter", "@boda/web", "exec", "vite", "build", ...args, "--emptyOutDir"],
      {
        // The test runner sets NODE_ENV=test, which would make Vite build for development.
        env: { ...process.env, NODE_ENV: "production", APP_VERSION: version },
        label: `Building the web app (vite build ${args.join(" ")})`,
      },
    );
  }
}
