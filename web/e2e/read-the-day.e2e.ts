// Guest journey: open the invite link and read the day — who, when, the program — in Spanish or English.
import { describe, expect, it } from "vitest";
import { DESKTOP, guestsForThisFile, PHONE, pageUrl, screenshotPath } from "./support/browser";
import { demoInvite } from "./support/stack";

const guests = guestsForThisFile();

describe("read the day", () => {
  it("shows an invited family the couple, the date in Spain's time zone, the program and the practical details", async () => {
    // The guest's phone is in New York (support/browser.ts): dates and times must still be Carmona's.
    const guest = await guests.open(PHONE);
    const { page } = guest;
    await page.goto(demoInvite("fernandez-garcia").link);
    // The page shows the public program at once, then the family's once the invitation is opened.
    await page.getByRole("heading", { level: 2, name: "¡Hola, Familia Fernández García!" }).waitFor();
    const main = page.getByRole("main");
    expect(await main.getByText("sábado, 12 de junio de 2027").count()).toBe(1);
    const program = page.getByRole("list").filter({ has: page.getByRole("heading", { level: 3, name: "Ceremonia" }) });
    const titles = await program.getByRole("heading", { level: 3 }).allTextContents();
    expect(titles).toEqual(["Cena de ensayo", "Ceremonia", "Cóctel y banquete", "Fiesta"]);
    expect(await program.getByRole("listitem").nth(1).textContent()).toContain("18:00 – 19:00");
    expect(await program.getByRole("listitem").nth(1).textContent()).toContain("Formal. Hará calor");
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
    await page.goto(demoInvite("tom-baker").link);
    await page.getByRole("heading", { level: 2, name: "Hello, Tom & guest!" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Programme" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(
      await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Locations" }).count(),
    ).toBe(1);
    expect(guest.consoleErrors).toEqual([]);
  });

  it("loads no sign-in code for a stranger, asks no other host, and says analytics and notifications are off", async () => {
    const guest = await guests.open(DESKTOP);
    const { page } = guest;
    await page.goto(pageUrl("#/ubicaciones"));
    await page.getByText("Entorno de pruebas: la analítica y las notificaciones están desactivadas.").waitFor();
    await page.waitForLoadState("networkidle");
    expect(guest.consoleInfo).toContain(
      "Firebase (emulators): Analytics off; push messaging off (they have no emulators); sign-in loads when an invitation is opened.",
    );
    const origin = new URL(pageUrl("")).origin;
    expect(guest.requests.map((request) => new URL(request.url()).origin).filter((other) => other !== origin)).toEqual(
      [],
    );
    // The Auth SDK's own code names the Identity Toolkit endpoints; none of the stranger's downloads may contain it.
    for (const response of await Promise.all(guest.requests.map((request) => request.response()))) {
      if (response?.url().endsWith(".js")) expect(await response.text()).not.toContain("identitytoolkit");
    }
    expect(guest.consoleErrors).toEqual([]);
  });
});
