// The dashboard as a guest reads it: hero, countdown, program with directions, and the practical sections.

import type { ContentChange } from "@boda/server/contract/content-change";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { content, garcia } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.useRealTimers();
});

describe("dashboard", () => {
  it("shows who, when in the wedding's time zone, and the days left", async () => {
    // 23:30 in Madrid on 1 June, but already 2 June in UTC: the countdown must count Madrid's days.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2027-06-01T21:30:00Z") });
    renderApp({ history: ["/"] });
    const hero = (await screen.findByRole("heading", { level: 1, name: "Lucía & Mateo" })).closest("section");
    if (!hero) throw new Error("the couple's names belong in the hero section");
    expect(within(hero).getByText("¡Nos casamos!")).toBeTruthy();
    expect(within(hero).getByText("sábado, 12 de junio de 2027")).toBeTruthy();
    expect(within(hero).getByText("Acompáñanos en Carmona, Sevilla")).toBeTruthy();
    expect(within(hero).getByText("Faltan 11 días")).toBeTruthy();
  });

  it("lists the program in order with local times, place, dress code and directions", async () => {
    renderApp({ history: ["/"] });
    const program = (await screen.findByRole("heading", { level: 2, name: "Programa" })).closest("section");
    if (!program) throw new Error("the program is a section");
    const items = within(program).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Ceremonia",
      "Cóctel y banquete",
      "Fiesta",
    ]);
    const [ceremony] = items;
    if (!ceremony) throw new Error("the ceremony is listed");
    expect(ceremony.textContent).toContain("sáb, 12 jun · 18:00 – 19:00");
    expect(within(ceremony).getByText("Iglesia Prioral de Santa María")).toBeTruthy();
    expect(within(ceremony).getByText("Formal. Hará calor.")).toBeTruthy();
    const directions = within(ceremony).getByRole("link", { name: "Cómo llegar a Iglesia Prioral de Santa María" });
    expect(directions.getAttribute("href")).toBe("/ubicaciones?evento=ceremonia");
  });

  it("shows an invited household where to sleep, questions, gifts and contacts with call and WhatsApp links", async () => {
    renderApp({ history: ["/"], signedInAs: garcia });
    await screen.findByRole("heading", { level: 2, name: "¡Hola, Familia Fernández García!" });
    expect(screen.getByRole("heading", { level: 3, name: "Parador de Carmona" })).toBeTruthy();
    expect(screen.getByText("BODA-LYM")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Web de Parador de Carmona" }).getAttribute("href")).toBe(
      "https://paradores.es/es/parador-de-carmona",
    );
    expect(screen.getByText("¿Pueden venir niños?")).toBeTruthy();
    expect(screen.getByText("ES91 2100 0418 4502 0005 1332")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Llamar a Carmen" }).getAttribute("href")).toBe("tel:+34600111222");
    expect(screen.getByRole("link", { name: "WhatsApp a Carmen" }).getAttribute("href")).toBe(
      "https://wa.me/34600111222",
    );
  });

  it("shows a stranger the program and the places but no bank details, booking codes or phone numbers", async () => {
    renderApp({ history: ["/"] });
    await screen.findByRole("heading", { level: 2, name: "Programa" });
    expect(screen.getByRole("heading", { level: 2, name: "¿Tienes invitación?" })).toBeTruthy();
    expect(screen.queryByText("ES91 2100 0418 4502 0005 1332")).toBeNull();
    expect(screen.queryByText("BODA-LYM")).toBeNull();
    expect(screen.queryByRole("link", { name: "Llamar a Carmen" })).toBeNull();
    expect(screen.queryByRole("heading", { level: 3, name: "Cena de ensayo" })).toBeNull();
  });

  it("shows a stranger only the couple's names and the way in when the couple chose to show nothing", async () => {
    renderApp({ history: ["/"], bff: { switches: { stranger_visibility: "nothing" } } });
    await screen.findByRole("heading", { level: 1, name: "Lucía & Mateo" });
    expect(screen.getByText(/Esta página es para los invitados/)).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 2, name: "Programa" })).toBeNull();
    expect(screen.getByText("Pídeselo a Carmen.")).toBeTruthy();
  });

  it("shows the family-only dinner to the family", async () => {
    renderApp({ history: ["/"], signedInAs: garcia });
    expect(await screen.findByRole("heading", { level: 3, name: "Cena de ensayo" })).toBeTruthy();
  });

  it("warns about a moved ceremony above the program, with the old and new time", async () => {
    const church = { locationId: "iglesia-santa-maria", name: "Iglesia Prioral de Santa María", address: "Plaza" };
    const changes: ContentChange[] = [
      {
        eventId: "ceremonia",
        eventTitle: { es: "Ceremonia", en: "Ceremony" },
        changed: ["start", "end"],
        before: { start: "2027-06-12T18:00", end: "2027-06-12T19:00", place: church },
        after: { start: "2027-06-12T18:30", end: "2027-06-12T19:30", place: church },
        changedAt: "2027-05-20T10:00:00.000Z",
        contentVersion: 4,
      },
    ];
    renderApp({ history: ["/"], bff: { changes } });
    const notice = (await screen.findByRole("heading", { level: 2, name: "Cambios en el programa" })).closest(
      "section",
    );
    if (!notice) throw new Error("the changes are a section");
    expect(
      within(notice).getByText("Ceremonia: ahora sáb, 12 jun · 18:30 – 19:30, en Iglesia Prioral de Santa María."),
    ).toBeTruthy();
    expect(
      within(notice).getByText(
        "Antes: sáb, 12 jun · 18:00 – 19:00, en Iglesia Prioral de Santa María. Avisado el 20 de mayo.",
      ),
    ).toBeTruthy();
  });

  it("leaves out sections the couple did not fill in", async () => {
    const bare = { ...content, accommodations: [], faq: [], gifts: undefined, contacts: [] };
    renderApp({ history: ["/"], bff: { content: bare }, signedInAs: garcia });
    await screen.findByRole("heading", { level: 2, name: "Programa" });
    expect(screen.queryByRole("heading", { name: "Dónde dormir" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Regalos" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Contacto" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Cambios en el programa" })).toBeNull();
  });

  it("shows loading, then an error with a retry that loads the page", async () => {
    const { user } = renderApp({ history: ["/"], bff: { failFirst: { content: "broken" } } });
    expect(await screen.findByRole("status")).toBeTruthy();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No hemos podido cargar la información");
    await user.click(within(alert).getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Lucía & Mateo" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says so when the network is down", async () => {
    renderApp({ history: ["/"], bff: { networkDown: (path) => path === "site.content" } });
    expect((await screen.findByRole("alert")).textContent).toContain("Comprueba tu conexión");
  });

  it("says the details are not published yet when the BFF has nothing", async () => {
    renderApp({ history: ["/"], bff: { content: null } });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Los detalles de la boda aún no están publicados");
    expect(within(alert).getByRole("button", { name: "Reintentar" })).toBeTruthy();
  });
});
