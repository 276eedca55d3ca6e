// The frame: document title with the couple's names, the theme, and the ES/EN switch with its memory.
import { screen, within } from "@testing-library/react";
import { HashRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { STORAGE_KEY } from "../lib/i18n/language";
import { renderApp, renderWithBff } from "../test/render-app";
import { AppRoutes } from "./router";

describe("layout", () => {
  it("names the couple in the document title and applies the theme", async () => {
    renderApp({ history: ["/ubicaciones"] });
    await screen.findByRole("link", { name: "Lucía & Mateo" });
    expect(document.title).toBe("Lucía & Mateo · Boda");
    expect(document.documentElement.style.getPropertyValue("--color-primary")).toBe("#6b4e31");
    expect(document.documentElement.style.getPropertyValue("--font-heading")).toBe("Georgia, serif");
  });

  it("switches to English, falls back to Spanish where English is missing, and remembers", async () => {
    const { user } = renderApp({ history: ["/"] });
    await screen.findByRole("heading", { level: 1, name: "Lucía & Mateo" });
    expect(document.documentElement.lang).toBe("es");

    const switcher = screen.getByRole("group", { name: "Idioma" });
    await user.click(within(switcher).getByRole("button", { name: "EN" }));

    expect(screen.getByRole("heading", { level: 2, name: "Programme" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Ceremony" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    // The party has no English description: the Spanish one is shown rather than nothing.
    expect(screen.getByText("Barra libre hasta que el cuerpo aguante.")).toBeTruthy();
    expect(document.documentElement.lang).toBe("en");
    expect(document.title).toBe("Lucía & Mateo · Wedding");
    expect(
      within(screen.getByRole("group", { name: "Language" }))
        .getByRole("button", { name: "EN" })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe("en");

    await user.click(screen.getByRole("button", { name: "ES" }));
    expect(screen.getByRole("heading", { level: 2, name: "Programa" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("es");
  });

  it("starts in the saved language", async () => {
    window.localStorage.setItem(STORAGE_KEY, "en");
    renderApp({ history: ["/ubicaciones"] });
    expect(await screen.findByRole("heading", { level: 1, name: "Locations" })).toBeTruthy();
  });

  it("takes ?lang=en from an invite link over the saved choice", async () => {
    window.localStorage.setItem(STORAGE_KEY, "es");
    window.history.replaceState(null, "", "/#/?invite=ABC123&lang=en");
    renderWithBff(
      <HashRouter>
        <AppRoutes />
      </HashRouter>,
    );
    expect(await screen.findByRole("heading", { level: 2, name: "Programme" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("en");
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe("en");
  });

  it("starts Firebase and says analytics and notifications are off on a test stack", async () => {
    renderApp({ history: ["/ubicaciones"] });
    expect(
      await screen.findByText("Entorno de pruebas: la analítica y las notificaciones están desactivadas."),
    ).toBeTruthy();
  });
});
