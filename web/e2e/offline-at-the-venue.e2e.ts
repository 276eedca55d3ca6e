// Guest journey at a venue with no signal: after one visit, the home screen and the places open with no network,
// showing what the page last knew and since when; back online, the page refreshes its content by itself. What a
// guest sends offline waits on the phone: sent-without-signal.e2e.ts.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { EXAMPLE_CONTENT_FILE } from "@boda/kit/repo";
import { injectFault } from "@boda/server/test/hardening-ledger";
import { describe, expect, it } from "vitest";
import {
  accessibilityViolations,
  e2eNow,
  guestsForThisFile,
  PHONE,
  pageUrl,
  readyForOffline,
  screenshotPath,
} from "./support/browser";
import { seed } from "./support/stack";

const guests = guestsForThisFile();

describe("offline at the venue", () => {
  it("reopens the home screen and the places with no network, then refreshes by itself when the signal is back", async () => {
    const guest = await guests.open(PHONE);
    const { page } = guest;
    // Held at the tests' "now" (7:41 in Madrid), so the notice's "updated at" is known to the minute.
    await page.clock.setFixedTime(e2eNow());
    await page.goto(pageUrl("#/"));
    await page.getByRole("heading", { level: 2, name: "Programa" }).waitFor();
    await page.getByRole("navigation").getByRole("link", { name: "Ubicaciones" }).click();
    await page.getByRole("heading", { level: 2, name: "Hacienda Los Olivos" }).waitFor();
    await readyForOffline(page, ["site.content", "locations.list"]);

    const signalLost = injectFault("no network on a phone that had opened the page before");
    await page.context().setOffline(true);
    await page.goto(pageUrl("#/"));
    await page.getByRole("heading", { level: 2, name: "Programa" }).waitFor();
    const notice = page.getByRole("status").filter({ hasText: "Sin conexión — actualizado a las" });
    await notice.waitFor();
    expect(await notice.textContent()).toBe("Sin conexión — actualizado a las 7:41");
    const violations = await accessibilityViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await page.screenshot({ path: screenshotPath("offline-dashboard-phone"), fullPage: false });
    await page.goto(pageUrl("#/ubicaciones"));
    await page.getByRole("heading", { level: 2, name: "Iglesia Prioral de Santa María" }).waitFor();
    await page.screenshot({ path: screenshotPath("offline-locations-phone"), fullPage: false });

    // While the guest has no signal, the couple publishes a change.
    const changed = path.join(mkdtempSync(path.join(tmpdir(), "boda-offline-")), "boda.yaml");
    writeFileSync(
      changed,
      readFileSync(EXAMPLE_CONTENT_FILE, "utf8").replace("es: ¡Nos casamos!", "es: ¡Nos casamos este verano!"),
    );
    try {
      expect((await seed("content", changed)).code).toBe(0);
      await page.goto(pageUrl("#/"));
      await page.getByText("¡Nos casamos!", { exact: true }).waitFor();
      await page.context().setOffline(false);
      await page.getByText("¡Nos casamos este verano!", { exact: true }).waitFor();
      await notice.waitFor({ state: "detached" });
      signalLost.survived("home and places reopened offline with the time of the copy, and refreshed when back online");
    } finally {
      expect((await seed("content", EXAMPLE_CONTENT_FILE)).code).toBe(0);
    }
  });
});
