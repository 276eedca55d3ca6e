// The couple following the answers at #/pareja, as they would: an account from `pnpm seed couple add`, a password
// chosen through the link it prints, then signing in on the page. A wrong password and a guest's own sign-in are
// refused in words; the overview passes axe in Spanish and English, on a phone.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, guestsForThisFile, PHONE, pageUrl, screenshotPath } from "./support/browser";
import { demoInvite, seed } from "./support/stack";

const guests = guestsForThisFile();
const COUPLE_EMAIL = "lucia.e2e@example.com";
const PASSWORD = "olivos-2027-junio";
/** The demo guest list's households (scripts/seed/content/invitados.example.csv); other tests may add their own. */
const DEMO_HOUSEHOLDS = 8;

/** What the couple does with the printed link: choose a password (the Auth emulator's reset-password call). */
async function choosePassword(passwordLink: string, password: string): Promise<void> {
  const link = new URL(passwordLink);
  const oobCode = link.searchParams.get("oobCode");
  expect(oobCode, `no oobCode in ${passwordLink}`).toBeTruthy();
  const response = await fetch(
    `${link.origin}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${link.searchParams.get("apiKey") ?? "demo-api-key"}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ oobCode, newPassword: password }),
    },
  );
  expect(response.status, await response.clone().text()).toBe(200);
}

async function signIn(page: Page, email: string, password: string, labels = { email: "Correo electrónico" }) {
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(/^Contraseña$|^Password$/).fill(password);
  await page.getByRole("button", { name: /^Entrar$|^Sign in$/ }).click();
}

async function expectNoViolations(page: Page, where: string) {
  const violations = await accessibilityViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe("the couple follows the answers", () => {
  it("should sign the couple in with the account the seed command made, and show every household's answer", async () => {
    const added = await seed("couple", "add", COUPLE_EMAIL);
    expect(added.code, added.out).toBe(0);
    const passwordLink = added.out.match(/Choose a password here: (\S+)/)?.[1];
    expect(passwordLink, added.out).toBeDefined();
    await choosePassword(passwordLink as string, PASSWORD);

    const { page } = await guests.open(PHONE);
    await page.goto(pageUrl("#/pareja"));
    await page.getByRole("heading", { level: 1, name: "Respuestas" }).waitFor();
    await expectNoViolations(page, "#/pareja sign-in es");

    // A wrong password: said next to the form, read out, and nothing else shown.
    await signIn(page, COUPLE_EMAIL, "no-es-esta");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("El correo o la contraseña no son correctos.");
    await expectNoViolations(page, "#/pareja wrong password es");

    await signIn(page, COUPLE_EMAIL, PASSWORD);
    const table = page.getByRole("table");
    await table.waitFor();
    // Every invited household has a row, whatever it answered, and the totals count them all.
    const invited = Number(
      await page.locator(".totals div").filter({ hasText: "Invitaciones" }).locator("dd").textContent(),
    );
    expect(invited).toBeGreaterThanOrEqual(DEMO_HOUSEHOLDS);
    expect(await table.getByRole("row").count()).toBe(invited + 1);
    await table.getByRole("rowheader", { name: "Sara y Álex" }).waitFor();
    await expectNoViolations(page, "#/pareja overview es");
    await page.screenshot({ path: screenshotPath("couple-overview-es-phone"), fullPage: true });

    await page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "EN", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Answers" }).waitFor();
    await page.getByRole("columnheader", { name: "Invitation" }).waitFor();
    await expectNoViolations(page, "#/pareja overview en");
    await page.screenshot({ path: screenshotPath("couple-overview-en-phone"), fullPage: true });

    // Signing out brings the form back: the answers are not left on a shared phone.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("Email").waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
  });

  it("should refuse the couple's page to a guest signed in with an invitation", async () => {
    const { page } = await guests.open(PHONE);
    await page.goto(demoInvite("lopez-navarro").link);
    await page.getByRole("heading", { level: 2, name: /^¡Hola/ }).waitFor();
    await page.goto(pageUrl("#/pareja"));
    // The form says what signing in here would do to the invitation's sign-in, and shows no answers.
    await page.getByText("Al entrar como novios se cerrará la sesión de la invitación en este dispositivo.").waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
    await expectNoViolations(page, "#/pareja for a guest es");
  });
});
