// The analytics question: asked only where the project has Analytics, before anything of it starts; "no" as easy as
// "yes"; the answer remembered on this device and changeable from the footer; in the guest's language.
import { LANGUAGE_STORAGE_KEY } from "@boda/server/contract/routes";
import type { FirebaseWebConfig } from "@boda/server/contract/site-view";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { startAnalytics, stopAnalytics } from "../../lib/analytics";
import { CONSENT_STORAGE_KEY } from "../../lib/analytics-consent";
import { renderApp } from "../../test/render-app";

// What starting Analytics does (downloading Google's SDK) is the end-to-end test's to watch; here, only whether the
// page asks for it.
vi.mock("../../lib/analytics", async (original) => ({
  ...(await original<typeof import("../../lib/analytics")>()),
  startAnalytics: vi.fn(async () => true),
  stopAnalytics: vi.fn(async () => {}),
}));

const WITH_ANALYTICS: FirebaseWebConfig = {
  projectId: "boda-lucia-mateo",
  apiKey: "web-api-key",
  appId: "1:123:web:abc",
  measurementId: "G-TEST123",
};

function openPage() {
  return renderApp({ history: ["/"], bff: { firebaseWebConfig: WITH_ANALYTICS } });
}

async function findNotice(name: string) {
  return screen.findByRole("region", { name });
}

beforeEach(() => {
  vi.mocked(startAnalytics).mockClear();
  vi.mocked(stopAnalytics).mockClear();
});

describe("the analytics question", () => {
  it("is not asked where the project has no Analytics (a test stack), and nothing starts", async () => {
    renderApp({ history: ["/"] });
    await screen.findByRole("heading", { level: 2, name: "Programa" });
    expect(screen.queryByRole("region", { name: "¿Nos dejas contar las visitas?" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cookies y estadísticas" })).toBeNull();
    expect(startAnalytics).not.toHaveBeenCalled();
  });

  it("asks first, with yes and no side by side, and starts nothing until then", async () => {
    openPage();
    const notice = await findNotice("¿Nos dejas contar las visitas?");
    const choices = within(notice).getAllByRole("button");
    expect(choices.map((button) => button.textContent)).toEqual(["Sí, contar", "No, gracias"]);
    expect(choices.map((button) => button.className)).toEqual(["button", "button"]);
    expect(within(notice).getByRole("link", { name: "Aviso de privacidad" }).getAttribute("href")).toBe("/privacidad");
    expect(startAnalytics).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
  });

  it("takes a no from the keyboard, remembers it, and never starts Analytics", async () => {
    const { user, unmount } = openPage();
    const notice = await findNotice("¿Nos dejas contar las visitas?");
    within(notice).getByRole("button", { name: "No, gracias" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("region", { name: "¿Nos dejas contar las visitas?" })).toBeNull();
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe("denied");
    unmount();

    openPage();
    await screen.findByRole("button", { name: "Cookies y estadísticas" });
    expect(screen.queryByRole("region", { name: "¿Nos dejas contar las visitas?" })).toBeNull();
    expect(startAnalytics).not.toHaveBeenCalled();
  });

  it("starts Analytics after a yes from the keyboard, and again on the next visit without asking", async () => {
    const { user, unmount } = openPage();
    const notice = await findNotice("¿Nos dejas contar las visitas?");
    within(notice).getByRole("button", { name: "Sí, contar" }).focus();
    await user.keyboard(" ");
    expect(screen.queryByRole("region", { name: "¿Nos dejas contar las visitas?" })).toBeNull();
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe("granted");
    expect(startAnalytics).toHaveBeenCalledWith(WITH_ANALYTICS);
    unmount();

    vi.mocked(startAnalytics).mockClear();
    openPage();
    await screen.findByRole("button", { name: "Cookies y estadísticas" });
    expect(screen.queryByRole("region", { name: "¿Nos dejas contar las visitas?" })).toBeNull();
    expect(startAnalytics).toHaveBeenCalledWith(WITH_ANALYTICS);
  });

  it("asks again from the footer, and a no then stops Analytics and gives focus back", async () => {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, "granted");
    const { user } = openPage();
    const footer = await screen.findByRole("contentinfo");
    const change = await within(footer).findByRole("button", { name: "Cookies y estadísticas" });
    expect(change.getAttribute("aria-expanded")).toBe("false");
    await user.click(change);
    const notice = await findNotice("¿Nos dejas contar las visitas?");
    expect(change.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(notice);
    await user.click(within(notice).getByRole("button", { name: "No, gracias" }));
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe("denied");
    expect(stopAnalytics).toHaveBeenCalled();
    expect(document.activeElement).toBe(change);
    expect(screen.queryByRole("region", { name: "¿Nos dejas contar las visitas?" })).toBeNull();
  });

  it("asks in English for a guest who chose English", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, "en");
    openPage();
    const notice = await findNotice("May we count visits?");
    expect(
      within(notice)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Yes, count", "No, thanks"]);
    expect(screen.getByRole("button", { name: "Cookies and statistics" })).toBeTruthy();
  });
});
