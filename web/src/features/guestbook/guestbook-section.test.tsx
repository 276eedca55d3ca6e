// The live guestbook as guests use it: messages appear and disappear live, posting with errors next to the field,
// text never read as HTML, and only for invited guests while the couple keeps it open.
import { screen, waitFor, within } from "@testing-library/react";
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

  it("keeps a message posted offline as waiting to send, which the guest can cancel, and posts the rest once back online", async () => {
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { user, bff, calls, stopLive } = renderApp({ history: ["/"], signedInAs: garcia, bff: open });
    const field = await screen.findByRole("textbox", { name: "Vuestro mensaje" });
    await user.type(field, "Mejor no");
    await user.click(screen.getByRole("button", { name: "Publicar" }));
    await user.type(field, "¡Enhorabuena!");
    await user.click(screen.getByRole("button", { name: "Publicar" }));
    const waiting = await screen.findByRole("region", { name: "Pendiente de enviar" });
    expect(
      within(waiting)
        .getAllByRole("listitem")
        .map((item) => item.querySelector("p")?.textContent),
    ).toEqual(["Mensaje: «Mejor no»", "Mensaje: «¡Enhorabuena!»"]);
    expect((field as HTMLTextAreaElement).value).toBe("");

    // Cancelled from the keyboard: it is never sent.
    within(waiting).getByRole("button", { name: "Cancelar el envío: Mensaje: «Mejor no»" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(within(waiting).getAllByRole("listitem")).toHaveLength(1));

    online.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    const section = screen.getByRole("region", { name: "Libro de visitas" });
    await within(section).findByText("¡Enhorabuena!");
    await waitFor(() => expect(screen.queryByRole("region", { name: "Pendiente de enviar" })).toBeNull());
    expect(bff.services.live.current().guestbook.map((entry) => entry.message)).toEqual(["¡Enhorabuena!"]);
    expect(calls.filter((call) => call.path === "guestbook.post")).toHaveLength(1);
    stopLive();
  });

  it("retries a waiting message after a failed send, later each time, and posts it once", async () => {
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    let networkDown = true;
    const { user, bff, calls, outboxClock, stopLive } = renderApp({
      history: ["/"],
      signedInAs: garcia,
      bff: { ...open, networkDown: (path) => networkDown && path === "guestbook.post" },
    });
    await user.type(await screen.findByRole("textbox", { name: "Vuestro mensaje" }), "Sin cobertura");
    await user.click(screen.getByRole("button", { name: "Publicar" }));
    await screen.findByRole("region", { name: "Pendiente de enviar" });
    // The phone says it is online, but the venue's signal comes and goes: the first send fails.
    online.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(calls.filter((call) => call.path === "guestbook.post")).toHaveLength(1));
    await waitFor(() => expect(outboxClock.nextTimerIn()).toBe(2_000));
    outboxClock.advance(2_000);
    await waitFor(() => expect(calls.filter((call) => call.path === "guestbook.post")).toHaveLength(2));
    await waitFor(() => expect(outboxClock.nextTimerIn()).toBe(4_000));
    networkDown = false;
    outboxClock.advance(4_000);
    await within(screen.getByRole("region", { name: "Libro de visitas" })).findByText("Sin cobertura");
    expect(bff.services.live.current().guestbook.map((entry) => entry.message)).toEqual(["Sin cobertura"]);
    expect(screen.queryByRole("region", { name: "Pendiente de enviar" })).toBeNull();
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
