// Accessibility in a real Chromium: no axe-core violations (WCAG 2.2 A/AA) on every screen and state a guest meets,
// in Spanish and English; text reflows at 320 px (400% zoom) and 640 px (200%) with no sideways scrolling; every
// control is reached by the keyboard and shows where the focus is. Screenshots of each screen, in both languages.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, DESKTOP, guestsForThisFile, PHONE, pageUrl, screenshotPath } from "./support/browser";
import { demoInvite } from "./support/stack";

const guests = guestsForThisFile();

async function expectNoViolations(page: Page, where: string) {
  const violations = await accessibilityViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

async function switchToEnglish(page: Page) {
  await page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "EN", exact: true }).click();
  await page.locator("html[lang='en']").waitFor();
}

/** How far the page scrolls sideways (0 when everything fits the width). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe("accessibility", () => {
  it("has no violations for a stranger on every screen, in Spanish and English, on a phone and a computer", async () => {
    for (const [device, name] of [
      [PHONE, "phone"],
      [DESKTOP, "desktop"],
    ] as const) {
      const { page } = await guests.open(device);
      await page.goto(pageUrl("#/"));
      await page.getByRole("heading", { level: 2, name: "Programa" }).waitFor();
      expect(await page.getAttribute("html", "lang")).toBe("es");
      await expectNoViolations(page, `#/ es ${name}`);
      await page.screenshot({ path: screenshotPath(`a11y-dashboard-es-${name}`), fullPage: true });
      await page.goto(pageUrl("#/ubicaciones"));
      await page.getByRole("heading", { level: 2, name: "Hacienda Los Olivos" }).waitFor();
      await expectNoViolations(page, `#/ubicaciones es ${name}`);
      await page.screenshot({ path: screenshotPath(`a11y-locations-es-${name}`), fullPage: true });

      await switchToEnglish(page);
      await page.getByRole("heading", { level: 1, name: "Locations" }).waitFor();
      await expectNoViolations(page, `#/ubicaciones en ${name}`);
      await page.screenshot({ path: screenshotPath(`a11y-locations-en-${name}`), fullPage: true });
      await page.goto(pageUrl("#/"));
      await page.getByRole("heading", { level: 2, name: "Programme" }).waitFor();
      await expectNoViolations(page, `#/ en ${name}`);
      await page.screenshot({ path: screenshotPath(`a11y-dashboard-en-${name}`), fullPage: true });
    }
  });

  it("has no violations for an invited household: greeting, answer form, the form's errors, in both languages", async () => {
    for (const [language, greeting, answer, send, problems] of [
      ["es", /^¡Hola/, "Confirmar asistencia", "Enviar respuesta", /cosas que revisar/],
      ["en", /^Hello/, "RSVP", "Send answer", /things to check/],
    ] as const) {
      const { page } = await guests.open(PHONE);
      await page.goto(demoInvite("lopez-navarro").link.replace(/lang=\w+/, `lang=${language}`));
      await page.getByRole("heading", { level: 2, name: greeting }).waitFor();
      expect(await page.getAttribute("html", "lang")).toBe(language);
      await expectNoViolations(page, `greeting ${language}`);
      await page.getByRole("link", { name: answer }).first().click();
      const sendButton = page.getByRole("button", { name: send });
      await sendButton.waitFor();
      await expectNoViolations(page, `answer form ${language}`);
      await page.screenshot({ path: screenshotPath(`a11y-rsvp-form-${language}-phone`), fullPage: true });
      await sendButton.click();
      await page.getByText(problems).first().waitFor();
      await expectNoViolations(page, `answer form with errors ${language}`);
    }
  });

  it("reflows at 320 px and 640 px wide (400% and 200% zoom) with nothing to scroll sideways", async () => {
    for (const width of [320, 640]) {
      const { page } = await guests.open({ viewport: { width, height: 800 } });
      for (const [route, heading] of [
        ["#/", "Programa"],
        ["#/ubicaciones", "Iglesia Prioral de Santa María"],
      ] as const) {
        await page.goto(pageUrl(route));
        await page.getByRole("heading", { level: 2, name: heading }).waitFor();
        expect(await sidewaysOverflow(page), `${route} at ${width} px`).toBeLessThanOrEqual(0);
      }
      await page.goto(demoInvite("lopez-navarro").link);
      await page.getByRole("heading", { level: 2, name: /^¡Hola/ }).waitFor();
      await page.goto(pageUrl("#/confirmar"));
      await page.getByRole("button", { name: "Enviar respuesta" }).waitFor();
      expect(await sidewaysOverflow(page), `#/confirmar at ${width} px`).toBeLessThanOrEqual(0);
      if (width === 320) await page.screenshot({ path: screenshotPath("a11y-rsvp-form-320"), fullPage: true });
    }
  });

  it("reaches every link and button of the places screen by keyboard, each with a visible focus", async () => {
    const { page } = await guests.open(DESKTOP);
    await page.goto(pageUrl("#/ubicaciones"));
    await page.getByRole("heading", { level: 2, name: "Hacienda Los Olivos" }).waitFor();
    // Number every visible control, then Tab through the page and note which numbers get the focus.
    const controls = await page.evaluate(() => {
      const visible = Array.from(document.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")).filter(
        (element) => element.offsetParent !== null,
      );
      visible.forEach((element, index) => {
        element.dataset.controlIndex = String(index);
      });
      return visible.length;
    });
    const reached = new Set<string>();
    const unmarked: string[] = [];
    for (let press = 0; press < controls + 5; press += 1) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return undefined;
        const style = getComputedStyle(element);
        const marked =
          (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
        return { index: element.dataset.controlIndex, label: `${element.tagName.toLowerCase()} "${name}"`, marked };
      });
      if (!focused) continue;
      if (focused.index !== undefined) reached.add(focused.index);
      if (!focused.marked) unmarked.push(focused.label);
    }
    expect(unmarked, "focused without a visible focus indicator").toEqual([]);
    expect(reached.size, "visible links and buttons reached by Tab").toBe(controls);
  });
});
