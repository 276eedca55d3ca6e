// A new deploy reaches guests who keep the page open or installed: the page offers the new version at once, and
// takes it over by itself when the guest comes back to it with nothing unsent, instead of staying on the old
// version for days behind its offline cache.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@boda/kit/ports";
import { injectFault } from "@boda/server/test/hardening-ledger";
import { afterAll, describe, expect, it } from "vitest";
import { DESKTOP, guestsForThisFile, screenshotPath } from "./support/browser";
import { buildWeb, type ExtraBff, restartUnderOpenPage, startExtraBff } from "./support/stack";

const guests = guestsForThisFile();
let bff: ExtraBff | undefined;

afterAll(async () => {
  await bff?.stop();
});

describe("a new version of the page", () => {
  it("is offered to an open page, and taken over on request or when the guest comes back", async () => {
    const dist = path.join(mkdtempSync(path.join(tmpdir(), "boda-deploy-")), "dist");
    await buildWeb(dist, "e2e-first");
    const server = await startExtraBff(dist, await freePort());
    bff = server;
    const guest = await guests.open(DESKTOP);
    const { page } = guest;
    await page.goto(`${server.url}/#/ubicaciones`);
    await page.getByRole("heading", { level: 2, name: "Hacienda Los Olivos" }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    expect(await page.evaluate(() => document.documentElement.dataset.version)).toBe("e2e-first");

    // Deploy: a new build, a new server process under the open page, which then reloads.
    const deploy = async (version: string) => {
      await buildWeb(dist, version);
      await restartUnderOpenPage(server, guest);
      await page.reload();
    };
    const deploys = injectFault("two deploys of a new build under an open page in Chromium");
    await deploy("e2e-second");
    const offer = page.getByRole("status").filter({ hasText: "Hay una versión nueva de la página." });
    await offer.waitFor();
    await page.screenshot({ path: screenshotPath("new-version-desktop"), fullPage: false });
    await offer.getByRole("button", { name: "Actualizar" }).click();
    const version = () => page.evaluate(() => document.documentElement.dataset.version);
    await expect.poll(version, { timeout: 20_000 }).toBe("e2e-second");

    // Another deploy; this time the guest just comes back to the page later.
    await deploy("e2e-third");
    await offer.waitFor();
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect.poll(version, { timeout: 20_000 }).toBe("e2e-third");
    expect(guest.consoleErrors).toEqual([]);
    deploys.survived("the page offered each new version and took it over, on request and on coming back");
    // Three builds and three server starts: slower than a page visit, still a matter of seconds each.
  }, 240_000);
});
