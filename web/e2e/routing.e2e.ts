// Guest journey: links land on the right screen, unknown addresses go to the places, and the dashboard's code
// is only downloaded when the dashboard is first shown.
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type GuestPage, launchBrowser, openGuestPage, pageUrl } from "./support/browser";

let browser: Browser;
let guest: GuestPage;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

afterEach(async () => {
  await guest.close();
});

const DASHBOARD_CHUNK = /\/assets\/dashboard-screen-[\w-]+\.js$/;

describe("routing", () => {
  it("downloads the dashboard's code once, only when the dashboard is first shown", async () => {
    guest = await openGuestPage(browser);
    const { page } = guest;
    const dashboardChunkRequests = () => guest.requests.filter((request) => DASHBOARD_CHUNK.test(request.url())).length;

    await page.goto(pageUrl("#/ubicaciones"));
    await page.getByRole("heading", { level: 2, name: "Iglesia Prioral de Santa María" }).waitFor();
    expect(dashboardChunkRequests()).toBe(0);

    const chunkLoaded = page.waitForResponse((response) => DASHBOARD_CHUNK.test(response.url()));
    await page.getByRole("navigation").getByRole("link", { name: "Inicio" }).click();
    await chunkLoaded;
    await page.getByRole("heading", { level: 1, name: "Lucía & Mateo" }).waitFor();
    expect(dashboardChunkRequests()).toBe(1);

    await page.getByRole("navigation").getByRole("link", { name: "Ubicaciones" }).click();
    await page.getByRole("heading", { level: 1, name: "Ubicaciones" }).waitFor();
    await page.getByRole("navigation").getByRole("link", { name: "Inicio" }).click();
    await page.getByRole("heading", { level: 1, name: "Lucía & Mateo" }).waitFor();
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Ubicaciones" }).waitFor();
    await page.goForward();
    await page.getByRole("heading", { level: 1, name: "Lucía & Mateo" }).waitFor();
    expect(dashboardChunkRequests()).toBe(1);
    expect(guest.consoleErrors).toEqual([]);
  });

  it("opens the dashboard at #/ with the couple in the title", async () => {
    guest = await openGuestPage(browser);
    await guest.page.goto(pageUrl("#/"));
    await guest.page.getByRole("heading", { level: 1, name: "Lucía & Mateo" }).waitFor();
    expect(await guest.page.title()).toBe("Lucía & Mateo · Boda");
    expect(await guest.page.getByRole("link", { name: "Inicio" }).getAttribute("aria-current")).toBe("page");
    expect(guest.consoleErrors).toEqual([]);
  });

  it.each(["#/x", "#/a/b", "#/anything?x=1"])("sends %s to #/ubicaciones, and Back skips it", async (unknown) => {
    guest = await openGuestPage(browser);
    const { page } = guest;

    await page.goto(pageUrl(unknown));
    await page.waitForURL((url) => url.hash === "#/ubicaciones");
    await page.getByRole("heading", { level: 1, name: "Ubicaciones" }).waitFor();

    // Now arrive at the unknown address from the dashboard, as a mistyped link would.
    await page.goto(pageUrl("#/"));
    await page.getByRole("heading", { level: 1, name: "Lucía & Mateo" }).waitFor();
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, unknown);
    await page.waitForURL((url) => url.hash === "#/ubicaciones");
    await page.getByRole("heading", { level: 1, name: "Ubicaciones" }).waitFor();

    await page.goBack();
    await page.waitForURL((url) => url.hash === "#/");
    await page.getByRole("heading", { level: 1, name: "Lucía & Mateo" }).waitFor();
    expect(guest.consoleErrors).toEqual([]);
  });
});
