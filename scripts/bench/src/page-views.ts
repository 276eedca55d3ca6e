// Page views in a real Chromium for `pnpm bench`: first visits as a stranger (what is downloaded, and what the BFF
// reads from Firestore for them) and visits through a household's invite link.

import { CHROMIUM_FLAGS, chromiumPath } from "@boda/kit/chromium";
import { type Browser, chromium, type Page, type Request } from "playwright-core";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export interface VisitBytes {
  route: string;
  /** Compressed bytes of the JS and CSS the page downloaded until its network was idle, per file. */
  files: Array<{ url: string; bytes: number }>;
  total: number;
  /** Requests to any other origin than the page's. */
  foreign: string[];
  /** Every request to the page's own origin, as path and query, but the hashed assets (`/assets/…`). */
  own: string[];
}

/** Every request a page makes, and a promise for the next one to finish. */
function trackRequests(page: Page) {
  const requests: Request[] = [];
  const done = new Set<Request>();
  let notify = () => {};
  const finished = (request: Request) => {
    done.add(request);
    notify();
  };
  page.on("request", (request) => requests.push(request));
  page.on("requestfinished", finished);
  page.on("requestfailed", finished);
  return {
    requests,
    inFlight: (except: (url: string) => boolean) =>
      requests.filter((request) => !done.has(request) && !except(request.url())),
    nextFinished: () =>
      new Promise<void>((resolve) => {
        notify = resolve;
      }),
  };
}

const isLiveStream = (url: string) => url.includes("/trpc/live.feed");

/**
 * Waits until the page's network is idle: its live stream (`/trpc/live.feed`, opened once the page is idle,
 * after fetching the lazy subscription code) has answered, and no other request is in flight, even after the page
 * had an idle moment to react. The stream stays open by design and carries no JS or CSS, so it is left out of both
 * the waiting and the counting.
 */
async function settle(page: Page, tracked: ReturnType<typeof trackRequests>): Promise<void> {
  await page.waitForResponse((response) => isLiveStream(response.url()), { timeout: 30_000 });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error("The page's network never went idle within 30 s.");
    if (tracked.inFlight(isLiveStream).length > 0) {
      await tracked.nextFinished();
      continue;
    }
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 })));
    if (tracked.inFlight(isLiveStream).length === 0) return;
  }
}

async function visit(browser: Browser, url: string, route: string, ready?: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ ...PHONE, locale: "es-ES" });
  const page = await context.newPage();
  const tracked = trackRequests(page);
  await page.goto(url);
  await ready?.(page);
  await settle(page, tracked);
  const origin = new URL(url).origin;
  const files: VisitBytes["files"] = [];
  for (const request of tracked.requests) {
    if (!/\.(js|css)$/.test(new URL(request.url()).pathname)) continue;
    files.push({ url: new URL(request.url()).pathname, bytes: (await request.sizes()).responseBodySize });
  }
  const urls = tracked.requests.map((request) => new URL(request.url()));
  const foreign = urls.filter((each) => each.origin !== origin).map((each) => each.href);
  const own = urls
    .filter((each) => each.origin === origin && !each.pathname.startsWith("/assets/"))
    .map((each) => `${each.pathname}${each.search}`);
  await context.close();
  return { route, files, total: files.reduce((sum, file) => sum + file.bytes, 0), foreign, own } satisfies VisitBytes;
}

export async function withBrowser<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

/** A stranger's first visit (fresh profile, empty cache) to `route`. */
export function strangerVisit(browser: Browser, baseUrl: string, route: string): Promise<VisitBytes> {
  return visit(browser, `${baseUrl}/${route}`, route);
}

/** A household opening its invite link: the page redeems the code, signs in, and greets it. */
export function householdVisit(browser: Browser, baseUrl: string, code: string): Promise<VisitBytes> {
  return visit(browser, `${baseUrl}/#/?invite=${code}&lang=es`, "#/ (invite link)", async (page) => {
    await page.getByRole("heading", { level: 2, name: /^¡Hola/ }).waitFor({ timeout: 30_000 });
  });
}
