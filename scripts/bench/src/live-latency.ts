// `pnpm bench live`: how long the couple's announcement takes to reach guests. Each try writes the message the way
// `pnpm seed live set` does (firebase-admin, one update of /live), then times its arrival on a live stream
// (`live.feed` over server-sent events, as the page subscribes) and as the banner's text on a page open in Chromium.
// The production BFF in its own process, the emulators on the same machine. Written to scripts/bench/results/live-latency.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { startEmulators } from "@boda/emulators/harness";
import { chromiumVersion } from "@boda/kit/chromium";
import { runToCompletion } from "@boda/kit/processes";
import { REPO_ROOT } from "@boda/kit/repo";
import { clearLive, setLive } from "@boda/seed/commands/live";
import { connectFirebase, firebaseTargetFromEnv } from "@boda/server/firebase/admin";
import { seedDemoContent, WEB_DIST_DIR } from "@boda/stack/stack";
import { EventSource } from "eventsource";
import { bffCommand, startBff } from "./bff-process";
import { withBrowser } from "./page-views";

const TRIES = 20;
const RESULTS_FILE = path.join(REPO_ROOT, "scripts/bench/results/live-latency.md");
const ARTIFACTS = path.join(REPO_ROOT, "artifacts/bench");

declare global {
  interface Window {
    /** When each banner text was first on screen (Date.now()), recorded by the page's observer. */
    __bannerSeen?: Record<string, number>;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summary(values: number[]): { p50: number; max: number; min: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), max: sorted.at(-1) ?? Number.NaN, min: sorted[0] ?? Number.NaN };
}

async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function main(): Promise<void> {
  const started = new Date();
  const scratch = mkdtempSync(path.join(tmpdir(), "bench-live-"));
  mkdirSync(ARTIFACTS, { recursive: true });
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(scratch, { recursive: true, force: true })];
  try {
    console.log("▸ Building web/ for production");
    await runToCompletion("pnpm", ["--filter", "@boda/web", "build"], { label: "Building web/" });
    console.log("▸ Starting the emulators, publishing the demo wedding and starting the BFF");
    const emulators = await startEmulators({ ports: "free", log: (line) => console.log(line) });
    cleanups.push(() => emulators.stop());
    const env = { ...process.env, ...emulators.env };
    await seedDemoContent(env);
    const ceilingBody = path.join(scratch, "ceiling.json");
    writeFileSync(ceilingBody, "{}");
    const bff = await startBff({
      env,
      webDistDir: WEB_DIST_DIR,
      logFile: path.join(ARTIFACTS, "bff-live.log"),
      ceilingBodyFile: ceilingBody,
    });
    cleanups.push(() => bff.stop());
    const firebase = connectFirebase(firebaseTargetFromEnv(env), "bench-live");
    cleanups.push(() => firebase.close());

    // A live stream as the page opens it: every message is an event with the current announcement.
    const arrivals = new Map<string, number>();
    const stream = new EventSource(`${bff.url}/trpc/live.feed`);
    cleanups.push(() => stream.close());
    let connected = false;
    stream.addEventListener("message", (event) => {
      connected = true;
      const data = JSON.parse(event.data) as { announcement?: { message: string } | null };
      const message = data.announcement?.message;
      if (message && !arrivals.has(message)) arrivals.set(message, Date.now());
    });
    await waitFor(() => (connected ? true : undefined), "the live stream's first snapshot");

    const figures = await withBrowser(async (browser) => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${bff.url}/#/`);
      // Record when each banner text is first on screen, in the page itself (no round trip to this process).
      await page.evaluate(() => {
        window.__bannerSeen = {};
        const seen = window.__bannerSeen;
        new MutationObserver(() => {
          for (const banner of Array.from(document.querySelectorAll(".live-banner"))) {
            const text = banner.textContent ?? "";
            const match = /bench-live-\d+/.exec(text);
            if (match && seen[match[0]] === undefined) seen[match[0]] = Date.now();
          }
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      // The page opens its live stream once it is idle; a first message shows it is subscribed.
      await setLive(firebase, "bench-live-0");
      await page.getByText("bench-live-0").waitFor({ timeout: 30_000 });

      const onStream: number[] = [];
      const onScreen: number[] = [];
      for (let attempt = 1; attempt <= TRIES; attempt += 1) {
        const message = `bench-live-${attempt}`;
        const before = Date.now();
        await setLive(firebase, message);
        const streamAt = await waitFor(() => arrivals.get(message), `${message} on the live stream`);
        const screenAt = await waitFor(
          () => page.evaluate((key) => window.__bannerSeen?.[key], message),
          `${message} on screen`,
        );
        onStream.push(streamAt - before);
        onScreen.push(screenAt - before);
      }
      return { onStream, onScreen };
    });
    await clearLive(firebase);

    const stream50 = summary(figures.onStream);
    const screen50 = summary(figures.onScreen);
    console.log(`  live stream: p50 ${stream50.p50} ms, max ${stream50.max} ms over ${TRIES} tries`);
    console.log(`  banner on screen: p50 ${screen50.p50} ms, max ${screen50.max} ms over ${TRIES} tries`);
    const [load1] = os.loadavg();
    const lines = [
      "# Live announcement latency",
      "",
      "Written by `pnpm bench live`; run it again rather than editing by hand.",
      "",
      `- **Date**: ${started.toISOString().slice(0, 16).replace("T", " ")} UTC`,
      `- **Machine**: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, shared with other work (load average ${load1?.toFixed(1)} at the end); Node ${process.versions.node}; ${chromiumVersion()}`,
      `- **BFF**: its own process, \`${bffCommand().label}\`, production mode; emulators on the same machine.`,
      "- **Each try**: the message is written the way `pnpm seed live set` writes it; the clock starts just before the",
      "  write and stops when the message arrives on a `live.feed` stream, and when the banner shows it in Chromium",
      "  (a 390×844 page on `#/`, observed in the page).",
      "",
      `| from \`live set\` to | tries | p50 ms | max ms | min ms |`,
      "| --- | ---: | ---: | ---: | ---: |",
      `| the live stream (server-sent events) | ${TRIES} | ${stream50.p50} | ${stream50.max} | ${stream50.min} |`,
      `| the banner on screen | ${TRIES} | ${screen50.p50} | ${screen50.max} | ${screen50.min} |`,
      "",
      `Every try, in ms (stream / screen): ${figures.onStream.map((ms, index) => `${ms}/${figures.onScreen[index]}`).join(", ")}.`,
      "",
    ];
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(RESULTS_FILE, lines.join("\n"));
    console.log(`▸ Written to ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
