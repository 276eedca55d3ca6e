// Guest journey on the day: the couple's announcement reaches every open page without a reload, the guestbook
// fills and empties live between phones, the page follows the phase the couple sets, and shows what is on now.

import { freePort } from "@boda/kit/ports";
import { injectFault } from "@boda/server/test/hardening-ledger";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, DESKTOP, guestsForThisFile, PHONE, pageUrl, screenshotPath } from "./support/browser";
import { demoInvite, restartUnderOpenPage, STACK_WEB_DIST, seed, startExtraBff } from "./support/stack";

const guests = guestsForThisFile();

describe("the day, live", () => {
  it("shows the couple's announcement on every open page without a reload, and removes it when cleared", async () => {
    const stranger = await guests.open(PHONE);
    const family = await guests.open(DESKTOP);
    await stranger.page.goto(pageUrl("#/ubicaciones"));
    await family.page.goto(demoInvite("fernandez-garcia").link);
    await family.page.getByRole("heading", { level: 2, name: "¡Hola, Familia Fernández García!" }).waitFor();

    const set = await seed("live", "set", "El autobús a la hacienda sale a las 19:00 desde la iglesia");
    expect(set.code, set.out).toBe(0);
    for (const { page } of [stranger, family]) {
      const banner = page.getByRole("status").filter({ hasText: "El autobús a la hacienda sale a las 19:00" });
      await banner.waitFor();
      // Written at the tests' "now" (SEED_NOW), 7:41 on the venue's clock: an hour with one digit, as a Spanish clock writes it.
      expect(await banner.textContent()).toBe(
        "Aviso de los novios (7:41): El autobús a la hacienda sale a las 19:00 desde la iglesia",
      );
    }
    await stranger.page.screenshot({ path: screenshotPath("live-banner-phone"), fullPage: false });

    const cleared = await seed("live", "clear");
    expect(cleared.code, cleared.out).toBe(0);
    for (const { page } of [stranger, family]) {
      await page.getByText("El autobús a la hacienda sale a las 19:00").waitFor({ state: "detached" });
    }
    expect(stranger.consoleErrors).toEqual([]);
    expect(family.consoleErrors).toEqual([]);
  });

  it("keeps an open page live through a restart of the server (a deploy), without a reload", async () => {
    const server = await startExtraBff(STACK_WEB_DIST, await freePort());
    try {
      const guest = await guests.open(PHONE);
      const { page } = guest;
      await page.goto(`${server.url}/#/ubicaciones`);
      expect((await seed("live", "set", "Antes del despliegue")).code).toBe(0);
      await page.getByRole("status").filter({ hasText: "Antes del despliegue" }).waitFor();
      // Settled: the offline copy is installed (its download is not cut by the restart).
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });

      const deploy = injectFault("the BFF process restarted under an open page in Chromium (a deploy)");
      await restartUnderOpenPage(server, guest);
      expect((await seed("live", "set", "Después del despliegue")).code).toBe(0);
      await page.getByRole("status").filter({ hasText: "Después del despliegue" }).waitFor();
      expect(guest.consoleErrors).toEqual([]);
      deploy.survived("the open page showed an announcement made after the restart, without a reload or an error");
    } finally {
      await seed("live", "clear");
      await server.stop();
    }
  }, 120_000);

  it("shows a guestbook message from one phone on another, and takes it away when the couple hides it", async () => {
    expect((await seed("config", "set", "guestbook_enabled", "true")).code).toBe(0);
    try {
      const writer = await guests.open(PHONE);
      const reader = await guests.open(DESKTOP);
      await writer.page.goto(demoInvite("lopez-navarro").link);
      await reader.page.goto(demoInvite("ruiz-ortega").link);
      const field = writer.page.getByRole("textbox", { name: "Vuestro mensaje" });
      await field.fill("¡Que viváis muchos años juntos! <b>no es HTML</b>");
      await writer.page.getByRole("button", { name: "Publicar" }).click();
      await writer.page.getByText("¡Mensaje publicado!").waitFor();

      const message = reader.page.getByText("¡Que viváis muchos años juntos! <b>no es HTML</b>");
      await message.waitFor();
      expect(await reader.page.getByText("— Sara y Álex", { exact: false }).count()).toBeGreaterThan(0);
      const violations = await accessibilityViolations(reader.page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      await reader.page.screenshot({ path: screenshotPath("guestbook-desktop"), fullPage: true });

      const listed = await seed("guestbook", "list");
      const id =
        listed.out
          .split("\n")
          .find((line) => line.includes("Sara y Álex"))
          ?.split(/\s+/)[0] ?? "";
      expect((await seed("guestbook", "hide", id.replace(/^-/, ""))).code).toBe(0);
      await message.waitFor({ state: "detached" });
      expect(writer.consoleErrors).toEqual([]);
      expect(reader.consoleErrors).toEqual([]);
    } finally {
      await seed("config", "set", "guestbook_enabled", "false");
    }
  });

  it("follows the phase the couple sets: the wedding week leads with the program, directions and weather", async () => {
    const guest = await guests.open(PHONE);
    const { page } = guest;
    await page.goto(pageUrl("#/"));
    await page.getByRole("heading", { level: 2, name: "¿Tienes invitación?" }).waitFor();
    expect(await page.getByRole("heading", { level: 2, name: "El tiempo" }).count()).toBe(0);
    expect((await seed("config", "set", "site_phase", "wedding-week")).code).toBe(0);
    try {
      await page.getByRole("heading", { level: 2, name: "El tiempo" }).waitFor();
      const order = await page.getByRole("heading", { level: 2 }).allTextContents();
      expect(order.slice(0, 3)).toEqual(["Programa", "Cómo llegar", "El tiempo"]);
    } finally {
      await seed("config", "set", "site_phase", "rsvp-open");
    }
    expect(guest.consoleErrors).toEqual([]);
  });

  it("shows what is on now and what comes next on the venue's clock, with the announcement announced", async () => {
    expect((await seed("config", "set", "site_phase", "day-of")).code).toBe(0);
    try {
      const guest = await guests.open(PHONE);
      const { page } = guest;
      // 18:30 in Carmona (the guest's phone is set to New York).
      await page.clock.setFixedTime(new Date("2027-06-12T16:30:00Z"));
      await page.goto(demoInvite("tom-baker").link);
      const section = page
        .locator("section")
        .filter({ has: page.getByRole("heading", { name: "At the wedding now" }) });
      // The page's HTML was rendered on the BFF's clock (the tests' "now", in April); once hydrated, the page
      // reads the phone's clock, on the day.
      await expect
        .poll(() => section.textContent())
        .toContain("Ceremony · Iglesia Prioral de Santa María (until 19:00)");
      expect(await section.textContent()).toContain("Cocktails and dinner at 19:30, at Hacienda Los Olivos");
      expect((await seed("live", "set", "La ceremonia empieza en 10 minutos")).code).toBe(0);
      await page.getByRole("status").filter({ hasText: "La ceremonia empieza en 10 minutos" }).waitFor();
      const violations = await accessibilityViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      await page.screenshot({ path: screenshotPath("day-of-phone"), fullPage: true });
      expect(guest.consoleErrors).toEqual([]);
    } finally {
      await seed("live", "clear");
      await seed("config", "set", "site_phase", "rsvp-open");
    }
  });
});
