// Guest journey at a venue with no signal: an answer and a guestbook message written offline wait on the phone,
// listed as waiting to send, and go by themselves when the signal returns — each stored once, as the couple's own
// commands show. Closing the page while offline loses nothing: reopened with signal, it sends what waited.
import { injectFault } from "@boda/server/test/hardening-ledger";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, guestsForThisFile, PHONE, pageUrl, screenshotPath } from "./support/browser";
import { demoInvite, seed } from "./support/stack";

const guests = guestsForThisFile();

/** The revisions `pnpm seed rsvp history` lists for one household: one per answer stored. */
async function storedRevisions(householdKey: string): Promise<number> {
  const history = await seed("rsvp", "history", householdKey);
  expect(history.code, history.out).toBe(0);
  return history.out.split("\n").filter((line) => /^\s+revision \d+/.test(line)).length;
}

/** Opens the household's answer form with signal, so the page (and its service worker) has it for offline use. */
async function openAnswerForm(page: Page, householdKey: string, rsvpLink: string, firstQuestion: string) {
  await page.goto(demoInvite(householdKey).link);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.getByRole("navigation").getByRole("link", { name: rsvpLink }).click();
  await page.getByRole("group", { name: firstQuestion }).waitFor();
}

describe("sent without signal", () => {
  it("keeps an answer and a guestbook message written offline, and sends each once when the signal returns", async () => {
    expect((await seed("config", "set", "guestbook_enabled", "true")).code).toBe(0);
    try {
      const guest = await guests.open(PHONE);
      const { page } = guest;
      await openAnswerForm(page, "hermanos-ruiz", "Confirmar", "¿Viene Daniel Ruiz?");

      const signalLost = injectFault("no network while a guest answers and writes in the guestbook");
      await page.context().setOffline(true);
      for (const person of ["Daniel Ruiz", "Marta Ruiz", "Leo"]) {
        await page
          .getByRole("group", { name: `¿Viene ${person}?` })
          .getByRole("radio", { name: "No podrá venir" })
          .check();
      }
      await page.getByRole("button", { name: "Enviar respuesta" }).click();
      const waitingAnswer = page.getByRole("region", { name: "Pendiente de enviar" });
      await waitingAnswer.getByText("Guardado en este dispositivo: se enviará al recuperar la conexión.").waitFor();
      await waitingAnswer.getByText("Vuestra respuesta").waitFor();
      const violations = await accessibilityViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      await page.screenshot({ path: screenshotPath("waiting-to-send-rsvp-phone"), fullPage: false });

      await page.getByRole("link", { name: "Volver al inicio" }).click();
      const field = page.getByRole("textbox", { name: "Vuestro mensaje" });
      await field.fill("Escrito sin cobertura, desde el jardín");
      await page.getByRole("button", { name: "Publicar" }).click();
      const waitingMessage = page.getByRole("region", { name: "Pendiente de enviar" });
      await waitingMessage.getByText("Mensaje: «Escrito sin cobertura, desde el jardín»").waitFor();
      await waitingMessage.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath("waiting-to-send-guestbook-phone"), fullPage: false });
      expect(await storedRevisions("hermanos-ruiz").catch(() => 0)).toBe(0);

      await page.context().setOffline(false);
      await page
        .getByRole("region", { name: "Libro de visitas" })
        .getByText("Escrito sin cobertura, desde el jardín", { exact: true })
        .waitFor();
      await waitingMessage.waitFor({ state: "detached" });
      await expect.poll(() => storedRevisions("hermanos-ruiz"), { timeout: 15_000 }).toBe(1);
      const listed = await seed("guestbook", "list");
      expect(
        listed.out.split("\n").filter((line) => line.includes("Escrito sin cobertura, desde el jardín")),
      ).toHaveLength(1);
      expect(guest.consoleErrors).toEqual([]);
      signalLost.survived("the answer and the message waited on the phone and were each stored once back online");
    } finally {
      await seed("config", "set", "guestbook_enabled", "false");
    }
  });

  it("sends an answer that waited when the page is reopened with signal, after being closed offline", async () => {
    const guest = await guests.open({ ...PHONE, locale: "en-GB" });
    const { page } = guest;
    await openAnswerForm(page, "nguyen-smith", "RSVP", "Is Linh Nguyen coming?");

    const signalLost = injectFault("the page closed while an answer waited to be sent");
    await page.context().setOffline(true);
    const linh = page.getByRole("group", { name: "Is Linh Nguyen coming?" });
    await linh.getByRole("radio", { name: "Yes, coming" }).check();
    await page
      .getByRole("group", { name: "Linh Nguyen", exact: true })
      .getByRole("combobox", { name: "Meal" })
      .selectOption({ label: "Fish" });
    for (const person of ["Oliver Smith", "Maya"]) {
      await page
        .getByRole("group", { name: `Is ${person} coming?` })
        .getByRole("radio", { name: "Can't come" })
        .check();
    }
    await page.getByRole("button", { name: "Send answer" }).click();
    const waiting = page.getByRole("region", { name: "Waiting to send" });
    await waiting.getByText("Kept on this device: it will be sent when the connection returns.").waitFor();
    await waiting.getByRole("button", { name: "Cancel sending: Your answer" }).waitFor();
    const violations = await accessibilityViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await page.screenshot({ path: screenshotPath("waiting-to-send-rsvp-phone-en"), fullPage: false });
    await page.close();

    await guest.page.context().setOffline(false);
    const reopened = await guest.page.context().newPage();
    await reopened.goto(pageUrl("#/confirmar"));
    // The saved answer, or the thanks when the form was shown before the answer that waited went.
    await reopened
      .getByRole("heading", { level: 2, name: /^(Your answer|Thank you! We have your answer\.)$/ })
      .waitFor();
    await expect.poll(() => storedRevisions("nguyen-smith"), { timeout: 15_000 }).toBe(1);
    expect(await reopened.getByRole("region", { name: "Waiting to send" }).count()).toBe(0);
    await reopened.screenshot({ path: screenshotPath("sent-after-reopening-phone-en"), fullPage: false });
    expect(guest.consoleErrors).toEqual([]);
    signalLost.survived("the answer that waited was sent once when the page was reopened with signal");
  });
});
