// The live guestbook as guests use it: messages appear and disappear live, posting with errors next to the field,
// text never read as HTML, and only for invited guests while the couple keeps it open.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { garcia } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.restoreAllMocks();
});

const open = { switches: { guestbook_enabled: true, site_phase: "after" as const } };

describe("guestbook", () => {
  it("shows invited guests every message live, and takes away one the couple hides", async () => {
    const { bff, user, stopLive } = renderApp({ history: ["/"], signedInAs: garcia, bff: open });
    const field = await screen.findByRole("textbox", { name: "Vuestro mensaje" });
    await user.type(field, "¡Que viva el amor!{Enter}Nos vemos en la pista.");
    await user.click(screen.getByRole("button", { name: "Publicar" }));
    const section = screen.getByRole("region", { name: "Libro de visitas" });
    const message = await within(section).findByText(/¡Que viva el amor!/);
    expect(message.textContent).toBe("¡Que viva el amor!\nNos vemos en la pista.");
    expect(within(section).getByText(/— Familia Fernández García/)).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe("");
    expect(screen.getByText("¡Mensaje publicado!")).toBeTruthy();

    const [posted] = bff.services.live.current().guestbook;
    bff.hideGuestbookMessage(posted?.id ?? "");
    await expect.poll(() => within(section).queryByText(/¡Que viva el amor!/)).toBeNull();
    stopLive();
  });

  it("shows HTML a guest typed as text, never as markup", async () => {
    const { user, stopLive } = renderApp({ history: ["/"], signedInAs: garcia, bff: open });
    await user.type(await screen.findByRole("textbox", { name: "Vuestro mensaje" }), "<img src=x onerror=alert(1)>");
    await user.click(screen.getByRole("button", { name: "Publicar" }));
    expect(await screen.findByText("<img src=x onerror=alert(1)>")).toBeTruthy();
    expect(document.querySelector(".guestbook img")).toBeNull();
    stopLive();
  });

  it("explains an empty or too long message next to the field and keeps what was typed", async () => {
    const { user, bff, stopLive } = renderApp({ history: ["/"], signedInAs: garcia, bff: open });
    const field = await screen.findByRole("textbox", { name: "Vuestro mensaje" });
    await user.click(screen.getByRole("button", { name: "Publicar" }));
    expect(screen.getByRole("alert").textContent).toBe("Escribe un mensaje antes de publicar.");
    const long = "a".repeat(281);
    await user.click(field);
    await user.paste(long);
    expect(screen.getByText("Quedan 0 caracteres")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Publicar" }));
    expect(screen.getByRole("alert").textContent).toBe("Como mucho 280 caracteres; acórtalo un poco.");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect((field as HTMLTextAreaElement).value).toBe(long);
    expect(bff.services.live.current().guestbook).toEqual([]);
    stopLive();
  });

  it("says posting needs a connection when offline, keeping the message", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { user, stopLive } = renderApp({ history: ["/"], signedInAs: garcia, bff: open });
    const field = await screen.findByRole("textbox", { name: "Vuestro mensaje" });
    await user.type(field, "Hola");
    await user.click(screen.getByRole("button", { name: "Publicar" }));
    expect(screen.getByRole("alert").textContent).toContain("hace falta conexión para publicar");
    expect((field as HTMLTextAreaElement).value).toBe("Hola");
    stopLive();
  });

  it("is not shown to strangers, nor while the couple keeps it closed", async () => {
    const stranger = renderApp({ history: ["/"], bff: open });
    await screen.findByRole("heading", { level: 2, name: "Programa" });
    expect(screen.queryByRole("heading", { name: "Libro de visitas" })).toBeNull();
    stranger.stopLive();
    stranger.unmount();
    const closed = renderApp({ history: ["/"], signedInAs: garcia });
    await screen.findByRole("heading", { level: 2, name: "¡Hola, Familia Fernández García!" });
    expect(screen.queryByRole("heading", { name: "Libro de visitas" })).toBeNull();
    closed.stopLive();
  });
});
