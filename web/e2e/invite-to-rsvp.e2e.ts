// Guest journey: a household opens the invite link `pnpm seed invites` made, is greeted, answers for everyone
// (a plus-one and a child included), changes its mind, and the couple's export shows it. Also: a wrong code, the
// deadline passing, and a stranger who must not see private details.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkRefusal } from "@boda/server/test/hardening-ledger";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, type GuestPage, guestsForThisFile, PHONE, pageUrl, screenshotPath } from "./support/browser";
import { demoInvite, seed, setSwitchesDirectly } from "./support/stack";

const guests = guestsForThisFile();

/** The browser logs failed requests as console errors; a refused code is an expected one. */
function unexpectedErrors(guest: GuestPage): string[] {
  return guest.consoleErrors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );
}

async function fillTheFamily(page: Page) {
  const person = (name: string) => page.getByRole("group", { name, exact: true });
  const coming = async (name: string) =>
    page
      .getByRole("group", { name: `¿Viene ${name}?` })
      .getByRole("radio", { name: "Sí, asistirá" })
      .check();
  await coming("Carmen García");
  await person("Carmen García").getByRole("combobox", { name: "Menú" }).selectOption({ label: "Pescado" });
  await person("Carmen García").getByRole("checkbox", { name: "Sin gluten (celiaquía)" }).check();
  await coming("Antonio Fernández");
  await person("Antonio Fernández").getByRole("combobox", { name: "Menú" }).selectOption({ label: "Carne" });
  await coming("Pablo");
  await person("Pablo · niño/a").getByRole("combobox", { name: "Menú" }).selectOption({ label: "Menú infantil" });
  const plusOne = person("Acompañante 1");
  await plusOne.getByRole("radio", { name: "Sí, asistirá" }).check();
  await plusOne.getByRole("textbox", { name: "Nombre del acompañante" }).fill("Lucas Ortega");
  await plusOne.getByRole("checkbox", { name: "Es un niño o una niña" }).check();
  await plusOne.getByRole("combobox", { name: "Menú" }).selectOption({ label: "Menú infantil" });
  await plusOne.getByRole("textbox", { name: "Otras alergias o necesidades" }).fill('=HYPERLINK("x") sin huevo');
  await page.getByRole("textbox", { name: "Una canción que no puede faltar" }).fill("Bailando");
  await page.getByRole("textbox", { name: "Un mensaje para los novios (opcional)" }).fill("¡Allí estaremos!");
}

describe("from the invite link to the answer", () => {
  it("lets a household of four answer with a plus-one and a child, change it, and shows it in the couple's export", async () => {
    const invite = demoInvite("fernandez-garcia");
    const guest = await guests.open(PHONE);
    const { page } = guest;
    await page.goto(invite.link);
    await page.getByRole("heading", { level: 2, name: "¡Hola, Familia Fernández García!" }).waitFor();
    // The code leaves the address bar (and the history) once used.
    await expect.poll(() => page.url()).not.toContain(invite.code);
    expect(page.url()).not.toContain("invite=");
    await page.screenshot({ path: screenshotPath("rsvp-greeting-phone"), fullPage: true });

    // The family sees its family-only dinner, and the practical details strangers do not get.
    expect(await page.getByRole("heading", { level: 3, name: "Cena de ensayo" }).count()).toBe(1);
    expect(await page.getByText("ES91 2100 0418 4502 0005 1332").count()).toBe(1);

    // The pinned button on the phone takes the household to the form.
    await page.locator(".pinned-rsvp").getByRole("link", { name: "Confirmar asistencia" }).click();
    await page.getByRole("heading", { level: 1, name: "Confirmar asistencia" }).waitFor();
    await page.getByRole("button", { name: "Enviar respuesta" }).click();
    await page.getByText("Hay 3 cosas que revisar antes de enviar.").waitFor();
    expect(await page.getByText("Indica si viene o no.").count()).toBe(3);
    await page.screenshot({ path: screenshotPath("rsvp-form-errors-phone"), fullPage: true });

    await fillTheFamily(page);
    await page.getByRole("button", { name: "Enviar respuesta" }).click();
    await page.getByRole("heading", { name: "¡Gracias! Hemos recibido vuestra respuesta." }).waitFor();
    expect(await page.getByText("Respuesta enviada: 4 de 4 asistirán.").count()).toBe(1);
    await page.screenshot({ path: screenshotPath("rsvp-confirmation-phone"), fullPage: true });

    // A change of mind: Antonio will skip the party.
    await page.getByRole("button", { name: "Cambiar la respuesta" }).click();
    await page
      .getByRole("group", { name: "Antonio Fernández", exact: true })
      .getByRole("checkbox", { name: /^Fiesta/ })
      .uncheck();
    await page.getByRole("button", { name: "Guardar los cambios" }).click();
    await page.getByRole("heading", { name: "¡Gracias! Hemos recibido vuestra respuesta." }).waitFor();

    // A later visit shows the saved answer.
    await page.reload();
    await page.getByRole("heading", { level: 2, name: "Vuestra respuesta" }).waitFor();
    expect(await page.getByRole("heading", { level: 3, name: "Lucas Ortega · niño/a" }).count()).toBe(1);

    const out = mkdtempSync(path.join(tmpdir(), "rsvp-export-"));
    const exported = await seed("rsvp", "export", "--out", out);
    expect(exported.code, exported.out).toBe(0);
    const csv = readFileSync(path.join(out, "rsvp.csv"), "utf8");
    const antonio = csv.split("\n").find((line) => line.includes("Antonio Fernández"));
    expect(antonio).toContain("confirmed");
    expect(antonio).toMatch(/Antonio Fernández,antonio-fernandez,no,yes,yes,yes,no,Carne/);
    const lucas = csv.split("\n").find((line) => line.includes("Lucas Ortega"));
    expect(lucas).toContain("plus-1,yes");
    // Guests' text never runs as a spreadsheet formula.
    expect(lucas).toContain(`"'=HYPERLINK(""x"") sin huevo"`);
    const caterer = await seed("rsvp", "export", "--caterer", "--out", out);
    expect(caterer.code, caterer.out).toBe(0);
    // This household's plates only: other files' households may answer on the same stack meanwhile.
    const plates = readFileSync(path.join(out, "catering.csv"), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("banquete,") && line.includes("Familia Fernández García"))
      .map((line) => line.split(",")[7])
      .sort();
    expect(plates).toEqual(["Carne", "Menú infantil", "Menú infantil", "Pescado"]);
    const history = await seed("rsvp", "history", "fernandez-garcia");
    expect(history.out).toContain("revision 2");
    expect(history.out).toMatch(/Antonio Fernández: fiesta yes → no/);
    expect(unexpectedErrors(guest)).toEqual([]);
  });

  it("shows the greeting and the form with errors on a computer too", async () => {
    const guest = await guests.open(DESKTOP);
    const { page } = guest;
    await page.goto(demoInvite("lopez-navarro").link);
    await page.getByRole("heading", { level: 2, name: "¡Hola, Sara y Álex!" }).waitFor();
    await page.screenshot({ path: screenshotPath("rsvp-greeting-desktop"), fullPage: true });
    await page.getByRole("link", { name: "Confirmar asistencia" }).first().click();
    await page.getByRole("button", { name: "Enviar respuesta" }).click();
    await page.getByText("Hay 2 cosas que revisar antes de enviar.").waitFor();
    await page.screenshot({ path: screenshotPath("rsvp-form-errors-desktop"), fullPage: true });
    expect(unexpectedErrors(guest)).toEqual([]);
  });

  it("explains a wrong code in the guest's language and keeps the public page working", async () => {
    const guest = await guests.open(PHONE);
    const { page } = guest;
    await page.goto(pageUrl("#/?invite=ZZZZ-ZZZZ-ZZZZ-ZZZZ&lang=en"));
    const problem = page.getByRole("alert").filter({ hasText: "We could not open the invitation" });
    await problem.waitFor();
    expect(await problem.textContent()).toContain("This invitation code is not valid");
    expect(await problem.textContent()).toContain("Ask Carmen (hermana de Lucía) for it.");
    // The public program arrives on its own request, independent of the refused invitation.
    await page.getByRole("heading", { level: 2, name: "Programme" }).waitFor();
    expect(guest.consoleErrors.every((error) => error.includes("status of 404"))).toBe(true);
  });

  it("shows a household its answer read-only, and why, once the deadline has passed", async () => {
    const guest = await guests.open(DESKTOP);
    const { page } = guest;
    await page.goto(demoInvite("abuela-rosario").link);
    await page.getByRole("link", { name: "Confirmar asistencia" }).first().click();
    await page
      .getByRole("group", { name: "¿Viene Rosario Jiménez?" })
      .getByRole("radio", { name: "Sí, asistirá" })
      .check();
    await page.getByRole("combobox", { name: "Menú" }).selectOption({ label: "Vegetariano" });
    await page.getByRole("button", { name: "Enviar respuesta" }).click();
    await page.getByRole("heading", { name: "¡Gracias! Hemos recibido vuestra respuesta." }).waitFor();

    const restore = setSwitchesDirectly({ rsvp_deadline: "2026-01-31" });
    try {
      await page.reload();
      await page.getByText(/El plazo para responder terminó el sábado, 31 de enero de 2026/).waitFor();
      expect(await page.getByRole("button", { name: "Cambiar la respuesta" }).count()).toBe(0);
      expect(await page.getByText("Vegetariano").count()).toBe(1);
      await page.screenshot({ path: screenshotPath("rsvp-read-only-desktop"), fullPage: true });
      await page.setViewportSize(PHONE.viewport ?? { width: 390, height: 844 });
      await page.screenshot({ path: screenshotPath("rsvp-read-only-phone"), fullPage: true });
    } finally {
      restore();
    }
    expect(unexpectedErrors(guest)).toEqual([]);
  });

  it("gives a stranger the program and the places, but no bank details, booking codes or phone numbers", async () => {
    const guest = await guests.open(PHONE);
    const { page } = guest;
    await page.goto(pageUrl("#/"));
    await page.getByRole("heading", { level: 2, name: "¿Tienes invitación?" }).waitFor();
    const text = (await page.locator("body").textContent()) ?? "";
    for (const [detail, what] of [
      ["ES91", "the bank details"],
      ["BODA-LYM", "the hotel booking code"],
      ["+34600111222", "a contact's phone number"],
      ["Cena de ensayo", "the family-only dinner"],
    ]) {
      checkRefusal({
        who: "a stranger in Chromium",
        what: `see ${what} on the page`,
        expected: "not shown",
        answer: text.includes(detail as string) ? "shown" : "not shown",
      });
    }
    expect(await page.locator('a[href^="tel:"]').count()).toBe(0);
    await page.screenshot({ path: screenshotPath("stranger-dashboard-phone"), fullPage: true });
    expect(guest.consoleErrors).toEqual([]);
  });
});
