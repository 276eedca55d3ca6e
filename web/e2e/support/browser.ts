// Shared by the end-to-end tests: the stack's URL, a headless Chromium, guest pages that record console errors,
// and where screenshots go.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_FLAGS, chromiumPath } from "@boda/kit/chromium";
import { REPO_ROOT } from "@boda/kit/repo";
import { type Browser, type BrowserContextOptions, chromium, type Page, type Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";

/** The running stack (BFF serving the production build); the test command sets it. */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) {
    throw new Error(
      "E2E_BASE_URL is not set. Start the stack (emulators + demo content + BFF serving web/dist) and set " +
        "E2E_BASE_URL to its address, e.g. E2E_BASE_URL=http://127.0.0.1:8787, or run the e2e tests through `pnpm test:e2e`.",
    );
  }
  return url.replace(/\/+$/, "");
}

/**
 * The instant every guest page starts at (the test command sets E2E_NOW, and runs the BFF and the seed commands on the
 * same one). The page's clock then runs on from it, so timers and "last updated" behave as they do on a phone.
 */
export function e2eNow(): Date {
  const now = new Date(process.env.E2E_NOW ?? "");
  if (Number.isNaN(now.getTime())) {
    throw new Error(
      `E2E_NOW is ${process.env.E2E_NOW ? `"${process.env.E2E_NOW}", not an ISO instant` : "not set"}: run the end-to-end tests through \`pnpm test:e2e\`, which sets it.`,
    );
  }
  return now;
}

/** The page at a hash route, e.g. pageUrl("#/ubicaciones"). */
export function pageUrl(hash: string): string {
  return `${baseUrl()}/${hash}`;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

export interface GuestPage {
  page: Page;
  /** Console errors and uncaught exceptions, in order; every test expects none. */
  consoleErrors: string[];
  /** Console info lines, for what the page reports about itself (e.g. which Firebase services run). */
  consoleInfo: string[];
  /** Every request the page made, to check what code was downloaded when. */
  requests: Request[];
  close: () => Promise<void>;
}

/** A fresh guest (own storage, no saved language) on the given device. */
export async function openGuestPage(browser: Browser, device: BrowserContextOptions = DESKTOP): Promise<GuestPage> {
  // A Spanish phone unless the test says otherwise (its locale is the Accept-Language the page is asked with).
  const context = await browser.newContext({ locale: "es-ES", timezoneId: "America/New_York", ...device });
  // The page's clock starts at the tests' "now", never the machine's: what it shows by the time is the same at any hour.
  await context.clock.install({ time: e2eNow() });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const consoleInfo: string[] = [];
  const requests: Request[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`console: ${message.text()}`);
    if (message.type() === "info") consoleInfo.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(`pageerror: ${error.message}`));
  page.on("request", (request) => requests.push(request));
  return { page, consoleErrors, consoleInfo, requests, close: () => context.close() };
}

/** artifacts/screenshots/<name>.png at the repo root (created if missing). */
export function screenshotPath(name: string): string {
  const directory = path.join(REPO_ROOT, "artifacts", "screenshots");
  mkdirSync(directory, { recursive: true });
  return path.join(directory, `${name}.png`);
}

/**
 * One browser per test file and a fresh guest per test, closed after it. Call once at the top of a test file;
 * `open()` gives the test its guest.
 */
export function guestsForThisFile(): { open(device?: BrowserContextOptions): Promise<GuestPage> } {
  let browser: Browser | undefined;
  const opened: GuestPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((guest) => guest.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open(device) {
      if (!browser)
        throw new Error("guestsForThisFile() must be called at the top of the test file, outside any test.");
      const guest = await openGuestPage(browser, device);
      opened.push(guest);
      return guest;
    },
  };
}

/** axe-core's accessibility rules (WCAG 2.x A/AA and best practices) run in the page; returns the violations, none expected. */
export async function accessibilityViolations(
  page: Page,
): Promise<Array<{ id: string; help: string; nodes: string[] }>> {
  const { source } = await import("axe-core");
  // Evaluated through the debugging protocol, so the page's Content-Security-Policy does not block it.
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            options: object,
          ): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run({
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(" ")),
    }));
  });
}

/** Waits until the service worker controls the page and these procedures' answers are stored for offline use. */
export async function readyForOffline(page: Page, procedures: string[]) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() =>
      page.evaluate(
        (wanted) => wanted.every((name) => (window.localStorage.getItem("boda.offline") ?? "").includes(name)),
        procedures.map((procedure) => JSON.stringify(procedure.split("."))),
      ),
    )
    .toBe(true);
}
