// Guest journey: open the invite link and read the day — who, when, the program — in Spanish or English.
import { describe, expect, it } from "vitest";
import { DESKTOP, guestsForThisFile, PHONE, pageUrl, screenshotPath } from "./support/browser";

const guests = guestsForThisFile();

describe("read the day", () => {
  it("shows the couple, the date in Spain's time zone and the program", async () => {
    // The guest's phone is in New York (support/browser.ts): dates and times must still be Carmona's.
    const guest = await guests.open(PHONE);
    const { page } = guest;
    await page.goto(pageUrl("#/"));
    await page.getByRole("heading", { level: 1, name: "Lucía & Mateo" }).waitFor();
    const main = page.getByRole("main");
    expect(await main.getByText("sábado, 12 de junio de 2027").count()).toBe(1);
    const program = page.getByRole("list").filter({ has: page.getByRole("heading", { level: 3, name: "Ceremonia" }) });
    const titles = await program.getByRole("heading", { level: 3 }).allTextContents();
    expect(titles).toEqual(["Ceremonia", "Cóctel y banquete", "Fiesta"]);
    expect(await program.getByRole("listitem").first().textContent()).toContain("18:00 – 19:00");
    expect(await program.getByRole("listitem").first().textContent()).toContain("Formal. Hará calor");
    expect(await page.getByRole("heading", { level: 3, name: "Parador de Carmona" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Llamar a Carmen (hermana de Lucía)" }).getAttribute("href")).toBe(
      "tel:+34600111222",
    );
    await page.screenshot({ path: screenshotPath("dashboard-phone"), fullPage: true });
    expect(guest.consoleErrors).toEqual([]);
  });

  it("switches to English, keeps the choice after a reload", async () => {
    const guest = await guests.open(DESKTOP);
    const { page } = guest;
    await page.goto(pageUrl("#/"));
    await page.getByRole("heading", { level: 1, name: "Lucía & Mateo" }).waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-desktop"), fullPage: true });

    await page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "EN", exact: true }).click();
    await page.getByRole("heading", { level: 2, name: "Programme" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.title()).toBe("Lucía & Mateo · Wedding");
    expect(await page.getByText("Saturday, 12 June 2027").first().textContent()).toBeTruthy();
    expect(await page.getByRole("heading", { level: 3, name: "Cocktails and dinner" }).count()).toBe(1);

    await page.reload();
    await page.getByRole("heading", { level: 2, name: "Programme" }).waitFor();
    expect(await page.getByRole("button", { name: "EN", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(guest.consoleErrors).toEqual([]);
  });

  it("opens in English from an invite link with lang=en", async () => {
    const guest = await guests.open(PHONE);
    const { page } = guest;
    await page.goto(pageUrl("#/?invite=DEMO42&lang=en"));
    await page.getByRole("heading", { level: 2, name: "Programme" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(
      await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Locations" }).count(),
    ).toBe(1);
    expect(guest.consoleErrors).toEqual([]);
  });

  it("starts Firebase sign-in on the Auth emulator after first paint, and says analytics and notifications are off", async () => {
    const guest = await guests.open(DESKTOP);
    const { page } = guest;
    await page.goto(pageUrl("#/ubicaciones"));
    await page.getByText("Entorno de pruebas: la analítica y las notificaciones están desactivadas.").waitFor();
    expect(guest.consoleInfo).toContain(
      "Firebase (emulators): Auth on; Analytics off; push messaging off (they have no emulators).",
    );
    expect(guest.consoleErrors).toEqual([]);
  });
});
