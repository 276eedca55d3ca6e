// Guest journey: "where is it and how do I get there?" — the places with notes and maps/ride links, one event's place.
import { describe, expect, it } from "vitest";
import { DESKTOP, guestsForThisFile, PHONE, pageUrl, screenshotPath } from "./support/browser";

const guests = guestsForThisFile();

describe("find the venue", () => {
  it("lists the wedding's places with notes and links to maps and Uber", async () => {
    const guest = await guests.open(PHONE);
    const { page } = guest;
    await page.goto(pageUrl("#/ubicaciones"));
    const church = page.getByRole("article", { name: "Iglesia Prioral de Santa María" });
    await church.waitFor();
    expect(await church.textContent()).toContain("Plaza Marqués de las Torres, 41410 Carmona, Sevilla");
    expect(await church.textContent()).toContain("Aparcamiento público en el Paseo del Estatuto");
    const google = await church
      .getByRole("link", { name: "Abrir Iglesia Prioral de Santa María en Google Maps" })
      .getAttribute("href");
    expect(google).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(new URL(google ?? "").searchParams.get("query")).toBe(
      "Iglesia Prioral de Santa María, Plaza Marqués de las Torres, 41410 Carmona, Sevilla",
    );
    expect(await church.getByRole("link", { name: /en Apple Maps$/ }).getAttribute("href")).toMatch(
      /^https:\/\/maps\.apple\.com\//,
    );
    expect(await church.getByRole("link", { name: /en Waze$/ }).getAttribute("href")).toMatch(
      /^https:\/\/waze\.com\/ul\?/,
    );
    expect(await church.getByRole("link", { name: /^Pedir un Uber/ }).getAttribute("href")).toMatch(
      /^https:\/\/m\.uber\.com\/ul\//,
    );

    const estate = page.getByRole("article", { name: "Hacienda Los Olivos" });
    expect(await estate.textContent()).toContain("Habrá autobús desde la iglesia a las 19:00");
    // The rehearsal dinner is for family only, so a guest without tags does not see the family home.
    expect(await page.getByRole("article").count()).toBe(2);

    await page.screenshot({ path: screenshotPath("locations-phone"), fullPage: true });
    expect(guest.consoleErrors).toEqual([]);
  });

  it("shows one event's place from ?evento= and offers every place", async () => {
    const guest = await guests.open(DESKTOP);
    const { page } = guest;
    const listRequest = page.waitForRequest((request) => request.url().includes("locations.list"));
    await page.goto(pageUrl("#/ubicaciones?evento=ceremonia"));
    expect(decodeURIComponent((await listRequest).url())).toContain('"eventId":"ceremonia"');
    await page.getByRole("heading", { level: 1, name: "Cómo llegar: Ceremonia" }).waitFor();
    await page.getByRole("article", { name: "Iglesia Prioral de Santa María" }).waitFor();
    expect(await page.getByRole("article").count()).toBe(1);

    await page.getByRole("link", { name: "Ver todas las ubicaciones" }).click();
    await page.getByRole("heading", { level: 1, name: "Ubicaciones" }).waitFor();
    await page.getByRole("article", { name: "Hacienda Los Olivos" }).waitFor();
    expect(await page.getByRole("article").count()).toBe(2);
    await page.screenshot({ path: screenshotPath("locations-desktop"), fullPage: true });
    expect(guest.consoleErrors).toEqual([]);
  });

  it("follows an event's directions link from the program", async () => {
    const guest = await guests.open(PHONE);
    const { page } = guest;
    await page.goto(pageUrl("#/"));
    await page.getByRole("link", { name: "Cómo llegar a Iglesia Prioral de Santa María" }).click();
    await page.waitForURL((url) => url.hash === "#/ubicaciones?evento=ceremonia");
    await page.getByRole("heading", { level: 1, name: "Cómo llegar: Ceremonia" }).waitFor();
    await page.getByRole("article", { name: "Iglesia Prioral de Santa María" }).waitFor();
    expect(guest.consoleErrors).toEqual([]);
  });
});
