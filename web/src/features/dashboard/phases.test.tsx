// The dashboard follows the phase of the wedding and the day's live state without a reload: the couple's
// announcement on every screen, what leads in each phase, and what is on now and next on the day.
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { content, garcia } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.useRealTimers();
});

/** The section headings in page order, to see what leads. */
function headings(): string[] {
  return screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent ?? "");
}

describe("the live announcement", () => {
  it("appears on every screen as it is set, announced to screen readers, with the wedding's time, and goes when cleared", async () => {
    const { bff, user, stopLive } = renderApp({ history: ["/"], bff: { now: () => new Date("2027-06-12T16:42:00Z") } });
    await screen.findByRole("heading", { level: 2, name: "Programa" });
    await act(async () => bff.announce("La ceremonia empieza en 10 minutos"));
    const banner = await screen.findByText("La ceremonia empieza en 10 minutos");
    const region = banner.closest('[role="status"]');
    expect(region?.textContent).toBe("Aviso de los novios (18:42): La ceremonia empieza en 10 minutos");

    await user.click(screen.getByRole("link", { name: "Ubicaciones" }));
    await screen.findByRole("heading", { level: 1, name: "Ubicaciones" });
    expect(screen.getByText("La ceremonia empieza en 10 minutos")).toBeTruthy();
    await act(async () => bff.announce(null));
    await expect.poll(() => screen.queryByText("La ceremonia empieza en 10 minutos")).toBeNull();
    stopLive();
  });
});

describe("phases", () => {
  it("leads with the date and the coming invitation before the invitations go out", async () => {
    const { stopLive } = renderApp({
      history: ["/"],
      bff: { switches: { site_phase: "save-the-date", rsvp_open: false } },
    });
    await screen.findByRole("heading", { level: 2, name: "¡Reserva la fecha!" });
    expect(headings().slice(0, 2)).toEqual(["¡Reserva la fecha!", "¿Tienes invitación?"]);
    stopLive();
  });

  it("leads with the household's answer while answers are open", async () => {
    const { stopLive } = renderApp({
      history: ["/"],
      signedInAs: garcia,
      bff: { now: () => new Date("2027-03-01T10:00:00Z") },
    });
    await screen.findByRole("heading", { level: 2, name: "¡Hola, Familia Fernández García!" });
    expect(headings()[0]).toBe("¡Hola, Familia Fernández García!");
    stopLive();
  });

  it("switches to the wedding week's program, directions and weather when the couple changes the phase, without a reload", async () => {
    const { bff, stopLive } = renderApp({ history: ["/"] });
    await screen.findByRole("heading", { level: 2, name: "¿Tienes invitación?" });
    expect(screen.queryByRole("heading", { name: "El tiempo" })).toBeNull();
    await act(async () => bff.setSwitches({ site_phase: "wedding-week" }));
    await screen.findByRole("heading", { level: 2, name: "El tiempo" });
    expect(headings().slice(0, 3)).toEqual(["Programa", "Cómo llegar", "El tiempo"]);
    expect(screen.getByText("Hará calor: traed abanico.")).toBeTruthy();
    stopLive();
  });

  it("thanks everyone afterwards and links the photos", async () => {
    const withPhotos = { ...content, photos: [{ name: "Álbum de la boda", url: "https://photos.example.com/boda" }] };
    const { stopLive } = renderApp({
      history: ["/"],
      signedInAs: garcia,
      bff: { content: withPhotos, switches: { site_phase: "after" } },
    });
    await screen.findByRole("heading", { level: 2, name: "¡Gracias por acompañarnos!" });
    expect(headings()[0]).toBe("¡Gracias por acompañarnos!");
    expect(screen.getByRole("link", { name: "Álbum de la boda" }).getAttribute("href")).toBe(
      "https://photos.example.com/boda",
    );
    stopLive();
  });
});

describe("now and next on the day", () => {
  it("shows what is on and what comes next on the venue's clock, and moves on as time passes", async () => {
    // 18:30 in Carmona; the test runs in another time zone on purpose (the setup does not fix TZ).
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: new Date("2027-06-12T16:30:00Z") });
    const { stopLive } = renderApp({ history: ["/"], bff: { switches: { site_phase: "day-of" } } });
    const section = (await screen.findByRole("heading", { level: 2, name: "Ahora en la boda" })).closest("section");
    if (!section) throw new Error("now and next is a section");
    expect(within(section).getByText("Ceremonia").closest("dd")?.textContent).toContain("hasta las 19:00");
    expect(within(section).getByText("Cóctel y banquete").closest("dd")?.textContent).toContain(
      "a las 19:30, en Hacienda Los Olivos",
    );
    await act(async () => vi.advanceTimersByTime(60 * 60_000));
    expect(within(section).getByText("Cóctel y banquete").closest("div")?.textContent).toContain("Ahora");
    stopLive();
  });
});
