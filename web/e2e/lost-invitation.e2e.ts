// Guest journey: the invitation link is lost (a cleared chat, a card left at home). The guest types their name on
// the page, in Spanish or in English, gets the same answer a stranger would, and the sign-in link the Auth emulator
// "emailed" (read back from its out-of-band codes) opens the household's own page — where, in the wedding week, its
// table is at the top, offline too. Checked with axe; screenshots at 390x844.
import { checkRefusal } from "@boda/server/test/hardening-ledger";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  accessibilityViolations,
  guestsForThisFile,
  PHONE,
  pageUrl,
  readyForOffline,
  screenshotPath,
} from "./support/browser";
import { setSwitchesDirectly } from "./support/stack";

const guests = guestsForThisFile();

interface OobCode {
  email: string;
  oobLink: string;
  requestType: string;
}

/** The newest sign-in link the Auth emulator "emailed" to `email`, once it is there. */
async function signInLinkSentTo(email: string, after: number): Promise<string> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host)
    throw new Error("FIREBASE_AUTH_EMULATOR_HOST is not set: run the end-to-end tests through `pnpm test:e2e`.");
  const project = process.env.FIREBASE_PROJECT_ID ?? "demo-boda";
  let links: OobCode[] = [];
  await expect
    .poll(async () => {
      const response = await fetch(`http://${host}/emulator/v1/projects/${project}/oobCodes`);
      const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
      links = oobCodes.filter((code) => code.email === email && code.requestType === "EMAIL_SIGNIN");
      return links.length;
    })
    .toBeGreaterThan(after);
  return links.at(-1)?.oobLink ?? "";
}

async function linksSentTo(email: string): Promise<number> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const project = process.env.FIREBASE_PROJECT_ID ?? "demo-boda";
  const response = await fetch(`http://${host}/emulator/v1/projects/${project}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((code) => code.email === email && code.requestType === "EMAIL_SIGNIN").length;
}

async function askForLink(page: Page, region: string, label: string, button: string, typed: string) {
  const card = page.getByRole("region", { name: region });
  await card.getByRole("textbox", { name: label }).fill(typed);
  await card.getByRole("button", { name: button }).click();
  return (await card.getByRole("status").textContent()) ?? "";
}

async function expectNoAccessibilityViolations(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

describe("getting back in without the link", () => {
  it("signs a household in from its name typed without accents, and shows its table in the wedding week (es)", async () => {
    const restore = setSwitchesDirectly({ site_phase: "wedding-week" });
    try {
      const guest = await guests.open(PHONE);
      const { page } = guest;
      await page.goto(pageUrl("#/"));
      await page.getByRole("heading", { level: 2, name: "¿Tienes invitación?" }).waitFor();

      const email = "carmen.garcia@example.com";
      const before = await linksSentTo(email);
      const stranger = await askForLink(
        page,
        "¿Has perdido la invitación?",
        "Tu correo o tu nombre",
        "Enviarme un enlace",
        "Nadie Conocido",
      );
      await page.reload();
      await page.getByRole("heading", { level: 2, name: "¿Tienes invitación?" }).waitFor();
      const listed = await askForLink(
        page,
        "¿Has perdido la invitación?",
        "Tu correo o tu nombre",
        "Enviarme un enlace",
        "antonio fernandez",
      );
      checkRefusal({
        who: "someone typing a name to learn whether it is on the guest list",
        what: "to tell a listed name from a stranger's by the answer",
        expected: stranger,
        answer: listed,
      });
      expect(listed).toContain("acabamos de enviar un enlace para entrar al correo de la lista");
      await expectNoAccessibilityViolations(page);
      await page.screenshot({ path: screenshotPath("lost-invitation-answer-phone-es"), fullPage: true });

      const link = await signInLinkSentTo(email, before);
      await page.goto(link);
      await page.getByRole("heading", { level: 2, name: "¡Hola, Familia Fernández García!" }).waitFor();
      // The one-time code leaves the address bar once used.
      await expect.poll(() => page.url()).not.toContain("oobCode");
      expect(await page.getByText("Vuestra mesa: 5").count()).toBe(1);
      expect(await page.getByText("Pablo: mesa Infantil").count()).toBe(1);
      await expectNoAccessibilityViolations(page);
      await page.screenshot({ path: screenshotPath("table-wedding-week-phone-es"), fullPage: true });

      // At the venue without signal, the table is still there.
      await readyForOffline(page, ["invitations.mine"]);
      await page.context().setOffline(true);
      await page.goto(pageUrl("#/"));
      await page.getByText("Vuestra mesa: 5").waitFor();
      await page.context().setOffline(false);
    } finally {
      restore();
    }
  });

  it("answers in English, and a used link says what to do (en)", async () => {
    const restore = setSwitchesDirectly({ site_phase: "wedding-week" });
    try {
      const guest = await guests.open(PHONE);
      const { page } = guest;
      await page.goto(`${pageUrl("#/")}?lang=en`);
      await page.getByRole("heading", { level: 2, name: "Have an invitation?" }).waitFor();
      const email = "tom.baker@example.com";
      const before = await linksSentTo(email);
      const answer = await askForLink(
        page,
        "Lost your invitation?",
        "Your email or your name",
        "Send me a link",
        "Tommy Baker",
      );
      expect(answer).toContain("we have just sent a sign-in link to the address on the list");
      await expectNoAccessibilityViolations(page);
      await page.screenshot({ path: screenshotPath("lost-invitation-answer-phone-en"), fullPage: true });

      const link = await signInLinkSentTo(email, before);
      await page.goto(link);
      await page.getByRole("heading", { level: 2, name: "Hello, Tom & guest!" }).waitFor();
      expect(await page.getByText("Your table: 8").count()).toBe(1);
      await page.screenshot({ path: screenshotPath("table-wedding-week-phone-en"), fullPage: true });

      // The same link a second time, on another phone: spent.
      const other = await guests.open(PHONE);
      await other.page.goto(link);
      await other.page.getByText("This sign-in link was already used or has expired.", { exact: false }).waitFor();
      await expectNoAccessibilityViolations(other.page);
    } finally {
      restore();
    }
  });
});
