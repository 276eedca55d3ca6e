// The privacy notice (#/privacidad) in a real Chromium: reached from the footer of every screen and from the
// allergies field, with no axe-core violations, in Spanish and English. Phone screenshots of each.
import { describe, expect, it } from "vitest";
import { accessibilityViolations, guestsForThisFile, PHONE, pageUrl, screenshotPath } from "./support/browser";
import { demoInvite } from "./support/stack";

const guests = guestsForThisFile();

describe("the privacy notice", () => {
  it("opens from the footer, with no violations, in Spanish and English", async () => {
    const { page } = await guests.open(PHONE);
    await page.goto(pageUrl("#/ubicaciones"));
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacidad" }).click();
    await page.getByRole("heading", { level: 2, name: "Alergias: datos de salud" }).waitFor();
    expect(page.url()).toMatch(/#\/privacidad$/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath("privacy-es-phone"), fullPage: true });

    await page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "EN", exact: true }).click();
    await page.getByRole("heading", { level: 2, name: "Allergies: health data" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath("privacy-en-phone"), fullPage: true });
  });

  it("opens straight from its address, before any other screen", async () => {
    const { page } = await guests.open(PHONE);
    await page.goto(pageUrl("#/privacidad"));
    await page.getByRole("heading", { level: 1, name: "Privacidad" }).waitFor();
    expect(page.url()).toMatch(/#\/privacidad$/);
  });

  it("is linked next to the allergies field, in another tab so the answer being written stays", async () => {
    const { page } = await guests.open(PHONE);
    await page.goto(demoInvite("lopez-navarro").link);
    await page.getByRole("link", { name: "Confirmar asistencia" }).first().click();
    // The allergies field is asked of someone who is coming.
    await page.getByRole("group", { name: "¿Viene Sara López?" }).getByRole("radio", { name: "Sí, asistirá" }).check();
    const link = page.getByRole("link", { name: "Quién ve tus alergias (se abre en otra pestaña)" }).first();
    await link.waitFor();
    const [privacy] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await privacy.getByRole("heading", { level: 1, name: "Privacidad" }).waitFor();
  });
});
