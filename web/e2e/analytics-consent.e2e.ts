// Consent before Analytics, in a real Chromium against a BFF configured as a real project's (a measurement id and an
// app id), on this stack's emulators. Every request to another host is recorded and blocked, so the test sees what
// the page would send to Google: nothing before the guest's yes, nothing after a no, and Google's tag once they say
// yes. Service workers are blocked so that every request goes through the recording.

import { freePort } from "@boda/kit/ports";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { accessibilityViolations, guestsForThisFile, PHONE, screenshotPath } from "./support/browser";
import { type ExtraBff, STACK_WEB_DIST, startExtraBff } from "./support/stack";

const guests = guestsForThisFile();
let bff: ExtraBff | undefined;

/** The BFF configured as a real project's, started by the first test that needs it (it waits inside a test). */
async function projectBff(): Promise<ExtraBff> {
  bff ??= await startExtraBff(STACK_WEB_DIST, await freePort(), {
    FIREBASE_MEASUREMENT_ID: "G-E2ETEST01",
    FIREBASE_APP_ID: "1:000000000000:web:e2e0000000000000",
  });
  return bff;
}

afterAll(async () => {
  await bff?.stop();
});

/** Records and blocks every request that leaves the BFF's origin; returns the recorded URLs. */
async function blockOtherHosts(context: BrowserContext, ownUrl: string): Promise<string[]> {
  const sent: string[] = [];
  const ownOrigin = new URL(ownUrl).origin;
  await context.route("**/*", async (route) => {
    const url = route.request().url();
    if (new URL(url).origin === ownOrigin || url.startsWith("data:")) return route.continue();
    sent.push(url);
    return route.abort("blockedbyclient");
  });
  return sent;
}

/** What the page keeps in the browser that Analytics could have put there: cookies and Firebase's databases. */
async function storedByAnalytics(page: Page): Promise<string[]> {
  const cookies = (await page.context().cookies()).map((cookie) => `cookie ${cookie.name}`);
  const databases = await page.evaluate(async () =>
    (await indexedDB.databases()).map((database) => `indexedDB ${database.name}`),
  );
  return [...cookies, ...databases.filter((name) => name.includes("firebase"))];
}

async function openWithRecording() {
  const { url } = await projectBff();
  const guest = await guests.open({ ...PHONE, serviceWorkers: "block" });
  const sent = await blockOtherHosts(guest.page.context(), url);
  await guest.page.goto(`${url}/#/`);
  const notice = guest.page.getByRole("region", { name: "¿Nos dejas contar las visitas?" });
  await notice.waitFor();
  return { ...guest, sent, notice };
}

const isGoogleTag = (url: string) => new URL(url).hostname === "www.googletagmanager.com";

describe("consent before analytics", () => {
  it("sends and stores nothing before the guest answers, nor after a no; a yes later from the footer loads Google's tag", async () => {
    const { page, sent, notice, consoleErrors } = await openWithRecording();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath("consent-notice-es-phone") });
    expect(sent).toEqual([]);
    expect(await storedByAnalytics(page)).toEqual([]);

    await notice.getByRole("button", { name: "No, gracias" }).click();
    await notice.waitFor({ state: "detached" });
    // Screens opened and a new visit: what Analytics would record, had it started.
    await page.getByRole("navigation", { name: "Secciones" }).getByRole("link", { name: "Ubicaciones" }).click();
    await page.getByRole("heading", { level: 1, name: "Ubicaciones" }).waitFor();
    await page.reload();
    const change = page.getByRole("button", { name: "Cookies y estadísticas" });
    await change.waitFor();
    expect(await page.getByRole("region", { name: "¿Nos dejas contar las visitas?" }).count()).toBe(0);
    expect(sent).toEqual([]);
    expect(await storedByAnalytics(page)).toEqual([]);

    expect(consoleErrors).toEqual([]);

    // The same page, once the guest says yes: the recording would have seen Google's tag before, had it been asked.
    // (From here the SDK logs the requests this test blocks as errors; they are the test's doing.)
    await change.click();
    await page.getByRole("button", { name: "Sí, contar" }).click();
    await expect.poll(() => sent.some(isGoogleTag), { timeout: 15_000 }).toBe(true);
  });

  it("loads Google's tag only after a yes, and on the next visit without asking again", async () => {
    const { page, sent, notice } = await openWithRecording();
    expect(sent).toEqual([]);
    await notice.getByRole("button", { name: "Sí, contar" }).click();
    await expect.poll(() => sent.some(isGoogleTag), { timeout: 15_000 }).toBe(true);

    sent.length = 0;
    await page.reload();
    await page.getByRole("button", { name: "Cookies y estadísticas" }).waitFor();
    expect(await page.getByRole("region", { name: "¿Nos dejas contar las visitas?" }).count()).toBe(0);
    await expect.poll(() => sent.some(isGoogleTag), { timeout: 15_000 }).toBe(true);
  });

  it("asks in English, as accessibly", async () => {
    const { url } = await projectBff();
    const guest = await guests.open({ ...PHONE, locale: "en-GB", serviceWorkers: "block" });
    const sent = await blockOtherHosts(guest.page.context(), url);
    await guest.page.goto(`${url}/?lang=en#/`);
    await guest.page.getByRole("region", { name: "May we count visits?" }).waitFor();
    expect(await accessibilityViolations(guest.page)).toEqual([]);
    await guest.page.screenshot({ path: screenshotPath("consent-notice-en-phone") });
    expect(sent).toEqual([]);
  });
});
