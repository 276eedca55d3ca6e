// First paint from HTML: the BFF's index.html already shows the wedding (prerendered with the page's own components
// in the guest's language), before and without the app's scripts; the app then hydrates it, asking the BFF nothing
// before `load`, with no hydration mismatch.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type GuestPage, guestsForThisFile, PHONE, pageUrl } from "./support/browser";

const guests = guestsForThisFile();

/** The app's own code never arrives: what shows is the HTML, its stylesheet and its few-line first-screen script. */
async function withoutAppScripts(guest: GuestPage): Promise<void> {
  await guest.page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

/** The /trpc/ requests the page started before its `load` event, as the browser's own timing records them. */
function apiCallsBeforeLoad(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const loadStart = navigation?.loadEventStart ?? 0;
    return performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.startsWith("/trpc/") && entry.startTime < loadStart)
      .map((entry) => entry.name);
  });
}

describe("first paint from HTML", () => {
  it("shows the couple, the date and the program on #/ in Spanish with the app's scripts blocked", async () => {
    const guest = await guests.open(PHONE);
    await withoutAppScripts(guest);
    const { page } = guest;
    await page.goto(pageUrl("#/"));
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Lucía & Mateo" }).isVisible()).toBe(true);
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    expect(await page.getByText("sábado, 12 de junio de 2027").first().isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 2, name: "Programa" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 3, name: "Ceremonia" }).isVisible()).toBe(true);
    // The places screen is in the HTML too, hidden until the address asks for it.
    expect(await page.getByRole("heading", { level: 1, name: "Ubicaciones" }).isVisible()).toBe(false);
  });

  it("shows the places on #/ubicaciones in English (Accept-Language) with the app's scripts blocked", async () => {
    const guest = await guests.open({ ...PHONE, locale: "en-GB" });
    await withoutAppScripts(guest);
    const { page } = guest;
    await page.goto(pageUrl("#/ubicaciones"));
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Locations" }).isVisible()).toBe(true);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.getByRole("heading", { level: 2, name: "Hacienda Los Olivos" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 1, name: "Lucía & Mateo" }).isVisible()).toBe(false);
  });

  it("sends an unknown path to the places before any of the app's code runs", async () => {
    const guest = await guests.open(PHONE);
    await withoutAppScripts(guest);
    const { page } = guest;
    await page.goto(pageUrl("#/no-existe"));
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Ubicaciones" }).isVisible()).toBe(true);
    expect(new URL(page.url()).hash).toBe("#/ubicaciones");
  });

  it("opens in the language the link asks for (lang=en in the fragment), asking the server again once", async () => {
    const guest = await guests.open(PHONE);
    await withoutAppScripts(guest);
    const { page } = guest;
    await page.goto(pageUrl("#/?lang=en"));
    await expect.poll(() => page.getByRole("heading", { level: 2, name: "Programme" }).isVisible()).toBe(true);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(new URL(page.url()).searchParams.get("lang")).toBe("en");
  });

  for (const [hash, heading] of [
    ["#/", "Lucía & Mateo"],
    ["#/ubicaciones", "Ubicaciones"],
  ] as const) {
    it(`hydrates ${hash} without asking the BFF anything before load, and without a mismatch`, async () => {
      const guest = await guests.open(PHONE);
      const { page } = guest;
      await page.goto(pageUrl(hash), { waitUntil: "load" });
      expect(await apiCallsBeforeLoad(page)).toEqual([]);
      // Hydrated: the language switch, a button of the app's, now works.
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "EN", exact: true }).click();
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
      expect(guest.consoleErrors).toEqual([]);
    });
  }
});
