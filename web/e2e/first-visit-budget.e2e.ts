// Guest journey: a stranger opens the page for the first time on a phone. What the browser actually downloads
// until the network is idle stays within budget, comes only from the page's own origin, holds no Firebase SDK,
// and is cached and compressed as it should be. Sizes are what Chromium received (compressed), so the checks
// are deterministic for a given build.
import type { BrowserContext, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { guestsForThisFile, PHONE, pageUrl } from "./support/browser";

/**
 * Compressed JS + CSS a first visit may download, in bytes (kB = 1000 bytes, as in scripts/check-budget.ts). First
 * paint needs none of the JS (the HTML is prerendered: first-paint-from-html.e2e.ts shows it with scripts blocked);
 * this is what makes the page work, hydration included.
 */
const BUDGETS: Record<string, number> = { "#/ubicaciones": 132_000, "#/": 150_000 };

/** Strings only the Firebase browser SDK ships: its package names and the Auth endpoints. */
const FIREBASE_MARKERS = ["@firebase/", "identitytoolkit"];

const isLiveStream = (url: string) => new URL(url).pathname === "/trpc/live.feed";

interface FirstVisit {
  requests: Request[];
  /** Every JS and CSS file downloaded, with its compressed size. */
  files: Array<{ path: string; bytes: number }>;
}

/**
 * Opens `route` in a fresh phone browser and waits until its network is idle: the live stream
 * (`/trpc/live.feed`, which the page opens once it is idle, after fetching the lazy code it needs) has answered,
 * and no other request is in flight, even after the page had an idle moment to react. The stream itself stays open
 * by design and carries no JS or CSS, so it is neither waited for nor counted.
 */
async function firstVisit(context: BrowserContext, route: string): Promise<FirstVisit> {
  const page = context.pages()[0] ?? (await context.newPage());
  const requests: Request[] = [];
  const done = new Set<Request>();
  let wake = () => {};
  const finished = (request: Request) => {
    done.add(request);
    wake();
  };
  // On the context, not the page: requests a service worker makes are downloads too.
  context.on("request", (request) => requests.push(request));
  context.on("requestfinished", finished);
  context.on("requestfailed", finished);
  const inFlight = () => requests.filter((request) => !done.has(request) && !isLiveStream(request.url()));

  await page.goto(pageUrl(route));
  await page.waitForResponse((response) => isLiveStream(response.url()));
  for (;;) {
    if (inFlight().length > 0) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      continue;
    }
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 })));
    if (inFlight().length === 0) break;
  }

  const files: FirstVisit["files"] = [];
  for (const request of requests) {
    const path = new URL(request.url()).pathname;
    if (/\.(m?js|css)$/.test(path)) files.push({ path, bytes: (await request.sizes()).responseBodySize });
  }
  return { requests, files };
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

const guests = guestsForThisFile();

describe("a stranger's first visit", () => {
  for (const [route, budget] of Object.entries(BUDGETS)) {
    it(`downloads at most ${kilobytes(budget)} of compressed JS and CSS on ${route}`, async () => {
      const guest = await guests.open(PHONE);
      const visit = await firstVisit(guest.page.context(), route);
      const total = visit.files.reduce((sum, file) => sum + file.bytes, 0);
      const listing = visit.files
        .toSorted((a, b) => b.bytes - a.bytes)
        .map((file) => `  ${file.path.padEnd(48)} ${kilobytes(file.bytes).padStart(9)}`)
        .join("\n");
      const report = `${route}: ${kilobytes(total)} of JS and CSS (budget ${kilobytes(budget)}):\n${listing}`;
      console.info(report);
      expect(total, `over budget by ${kilobytes(total - budget)}\n${report}`).toBeLessThanOrEqual(budget);
      if (route === "#/") {
        expect(visit.files.map((file) => file.path).some((path) => path.includes("dashboard-route"))).toBe(true);
      }
      expect(guest.consoleErrors).toEqual([]);
    });
  }

  it("asks no other host, downloads no Firebase SDK, and asks the BFF nothing but the live stream", async () => {
    const guest = await guests.open(PHONE);
    const { requests } = await firstVisit(guest.page.context(), "#/ubicaciones");
    const origin = new URL(pageUrl("")).origin;
    expect(requests.map((request) => request.url()).filter((url) => new URL(url).origin !== origin)).toEqual([]);

    for (const request of requests) {
      const path = new URL(request.url()).pathname;
      if (!path.endsWith(".js")) continue;
      const code = (await (await request.response())?.text()) ?? "";
      for (const marker of FIREBASE_MARKERS) {
        expect(code.includes(marker), `${path} holds Firebase SDK code ("${marker}")`).toBe(false);
      }
    }

    // The content, the places and the switches came in the HTML, fresh: nothing is asked again.
    const calls = requests
      .map((request) => new URL(request.url()).pathname)
      .filter((path) => path.startsWith("/trpc/"));
    expect(calls).toEqual(["/trpc/live.feed"]);
    expect(guest.consoleErrors).toEqual([]);
  });

  it("gets hashed files cached for good, the page itself revalidated, and text compressed", async () => {
    const guest = await guests.open(PHONE);
    const { requests } = await firstVisit(guest.page.context(), "#/");
    const problems: string[] = [];
    for (const request of requests) {
      const response = await request.response();
      const path = new URL(request.url()).pathname;
      if (!response || isLiveStream(request.url())) continue;
      const headers = await response.allHeaders();
      if (path.startsWith("/assets/") && !/immutable/.test(headers["cache-control"] ?? "")) {
        problems.push(`${path}: cache-control "${headers["cache-control"]}" is not immutable`);
      }
      if (request.resourceType() === "document" && headers["cache-control"] !== "no-cache") {
        problems.push(`${path}: cache-control "${headers["cache-control"]}" instead of no-cache`);
      }
      const size = (await request.sizes()).responseBodySize;
      // Images (the icons) are compressed formats already; text is what compression is for.
      const text = /^(text\/|application\/(json|javascript|manifest\+json))/.test(headers["content-type"] ?? "");
      if (text && size >= 1024 && !["br", "gzip"].includes(headers["content-encoding"] ?? "")) {
        problems.push(`${path}: ${size} bytes sent uncompressed`);
      }
    }
    expect(problems).toEqual([]);
  });
});
