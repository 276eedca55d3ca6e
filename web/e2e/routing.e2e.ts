// Guest journey: links land on the right screen, unknown addresses go to the places, and the dashboard's code
// is only downloaded when the dashboard is first shown.
import { describe, expect, it } from "vitest";
import { guestsForThisFile, pageUrl } from "./support/browser";

const guests = guestsForThisFile();

const DASHBOARD_CHUNK = /\/assets\/dashboard-route-[\w-]+\.js$/;

describe("routing", () => {
  it("downloads the dashboard's code once, only when the dashboard is first shown", async () => {
    const guest = await guests.open();
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
    const guest = await guests.open();
    await guest.page.goto(pageUrl("#/"));
    await guest.page.getByRole("heading", { level: 1, name: "Lucía & Mateo" }).waitFor();
    expect(await guest.page.title()).toBe("Lucía & Mateo · Boda");
    expect(await guest.page.getByRole("link", { name: "Inicio" }).getAttribute("aria-current")).toBe("page");
    expect(guest.consoleErrors).toEqual([]);
  });

  it.each(["#/x", "#/a/b", "#/anything?x=1"])("sends %s to #/ubicaciones, and Back skips it", async (unknown) => {
    const guest = await guests.open();
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
