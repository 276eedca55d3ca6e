// Guest journey: "put it in my calendar and get me there" — .ics downloads from the program and from a place, the
// Google Calendar and Google Maps links, and copying an address, on a phone and on a desktop.
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseIcs } from "../src/test/ics";
import { DESKTOP, guestsForThisFile, PHONE, pageUrl, screenshotPath } from "./support/browser";

const guests = guestsForThisFile();

/** Taps the control and returns the file Chromium downloaded: its suggested name and its events. */
async function download(page: Page, control: Locator) {
  const [file] = await Promise.all([page.waitForEvent("download"), control.click()]);
  const path = await file.path();
  return { fileName: file.suggestedFilename(), ...parseIcs(await readFile(path, "utf8")) };
}

const instants = (events: { summary: string; start: string; end: string }[]) =>
  events.map(({ summary, start, end }) => [summary, start, end]);

describe("add to calendar", () => {
  it("downloads the whole wedding and one event from the program, with times past midnight", async () => {
    // The guest's phone is in New York (support/browser.ts): the files must still hold Carmona's instants.
    const guest = await guests.open(PHONE);
    const { page } = guest;
    await page.goto(pageUrl("#/"));
    const program = page.getByRole("region", { name: "Programa" });
    await program.getByRole("heading", { level: 3, name: "Fiesta" }).waitFor();

    const wedding = await download(page, program.getByRole("button", { name: "Añadir toda la boda al calendario" }));
    expect(wedding.fileName).toBe("boda-lucia-mateo.ics");
    expect(wedding.name).toBe("Boda de Lucía & Mateo");
    expect(instants(wedding.events)).toEqual([
      ["Ceremonia · Boda de Lucía & Mateo", "2027-06-12T16:00:00.000Z", "2027-06-12T17:00:00.000Z"],
      ["Cóctel y banquete · Boda de Lucía & Mateo", "2027-06-12T17:30:00.000Z", "2027-06-12T22:30:00.000Z"],
      ["Fiesta · Boda de Lucía & Mateo", "2027-06-12T22:30:00.000Z", "2027-06-13T02:00:00.000Z"],
    ]);
    await program.getByText("Descargado boda-lucia-mateo.ics: ábrelo para añadirlo a tu calendario.").waitFor();

    const dinner = await download(
      page,
      program.getByRole("button", { name: "Añadir al calendario: Cóctel y banquete" }),
    );
    expect(dinner.fileName).toBe("boda-lucia-mateo-banquete.ics");
    expect(dinner.events).toMatchObject([
      {
        uid: "lucia-mateo.banquete@boda",
        start: "2027-06-12T17:30:00.000Z",
        end: "2027-06-12T22:30:00.000Z",
        location: "Hacienda Los Olivos\nCarretera A-398 km 4, 41410 Carmona, Sevilla",
        description: "Vestimenta: Formal; zapatos cómodos para el césped.",
      },
    ]);

    const google = new URL(
      (await program.getByRole("link", { name: "Añadir Cóctel y banquete a Google Calendar" }).getAttribute("href")) ??
        "",
    );
    expect(google.origin + google.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(google.searchParams)).toMatchObject({
      action: "TEMPLATE",
      text: "Cóctel y banquete · Boda de Lucía & Mateo",
      dates: "20270612T173000Z/20270612T223000Z",
      ctz: "Europe/Madrid",
      location: "Hacienda Los Olivos, Carretera A-398 km 4, 41410 Carmona, Sevilla",
    });

    await program.screenshot({ path: screenshotPath("calendar-program-phone") });
    expect(guest.consoleErrors).toEqual([]);
  });

  it("downloads a place's event, links to Google Maps by name and copies the address", async () => {
    const guest = await guests.open(PHONE);
    const { page } = guest;
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(pageUrl("#/ubicaciones"));
    const estate = page.getByRole("article", { name: "Hacienda Los Olivos" });
    const here = estate.getByRole("region", { name: "Aquí se celebra" });
    await here.getByRole("button", { name: "Añadir al calendario: Fiesta" }).waitFor();

    const party = await download(page, here.getByRole("button", { name: "Añadir al calendario: Fiesta" }));
    expect(party.fileName).toBe("boda-lucia-mateo-fiesta.ics");
    expect(instants(party.events)).toEqual([
      ["Fiesta · Boda de Lucía & Mateo", "2027-06-12T22:30:00.000Z", "2027-06-13T02:00:00.000Z"],
    ]);
    const calendar = new URL(
      (await here.getByRole("link", { name: "Añadir Fiesta a Google Calendar" }).getAttribute("href")) ?? "",
    );
    expect(calendar.searchParams.get("dates")).toBe("20270612T223000Z/20270613T020000Z");

    const maps = new URL(
      (await estate.getByRole("link", { name: "Abrir Hacienda Los Olivos en Google Maps" }).getAttribute("href")) ?? "",
    );
    expect(maps.origin + maps.pathname).toBe("https://www.google.com/maps/search/");
    expect(maps.searchParams.get("query")).toBe("Hacienda Los Olivos, Carretera A-398 km 4, 41410 Carmona, Sevilla");
    const waze = new URL((await estate.getByRole("link", { name: /en Waze$/ }).getAttribute("href")) ?? "");
    expect(waze.searchParams.get("q")).toBe("Hacienda Los Olivos");

    await estate.getByRole("button", { name: "Copiar dirección de Hacienda Los Olivos" }).click();
    await estate.getByRole("status").filter({ hasText: "Dirección copiada" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "Carretera A-398 km 4, 41410 Carmona, Sevilla",
    );

    await estate.screenshot({ path: screenshotPath("calendar-place-phone") });
    expect(guest.consoleErrors).toEqual([]);
  });

  it("lays the program and a place out on a desktop, in English", async () => {
    const guest = await guests.open(DESKTOP);
    const { page } = guest;
    await page.goto(pageUrl("#/?lang=en"));
    const program = page.getByRole("region", { name: "Programme" });
    await program.getByRole("button", { name: "Add to calendar: Party" }).waitFor();
    expect(await program.getByRole("link", { name: "Add Party to Google Calendar" }).count()).toBe(1);
    await program.screenshot({ path: screenshotPath("calendar-program-desktop") });

    await page.goto(pageUrl("#/ubicaciones?lang=en"));
    const church = page.getByRole("article", { name: "Iglesia Prioral de Santa María" });
    await church.getByRole("button", { name: "Add to calendar: Ceremony" }).waitFor();
    const ceremony = await download(page, church.getByRole("button", { name: "Add to calendar: Ceremony" }));
    expect(ceremony.fileName).toBe("wedding-lucia-mateo-ceremonia.ics");
    expect(instants(ceremony.events)).toEqual([
      ["Ceremony · Lucía & Mateo's wedding", "2027-06-12T16:00:00.000Z", "2027-06-12T17:00:00.000Z"],
    ]);
    await church
      .getByText("Downloaded wedding-lucia-mateo-ceremonia.ics: open it to add it to your calendar.")
      .waitFor();
    await church.screenshot({ path: screenshotPath("calendar-place-desktop") });
    expect(guest.consoleErrors).toEqual([]);
  });
});
