// The places screen: every place with notes and map links, or one event's place when the link names it.

import { mapLinks } from "@boda/server/contract/map-links";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished } from "vitest";
import { catchDownloads, onlyDownload } from "../../test/downloads";
import { content } from "../../test/fixtures";
import { parseIcs } from "../../test/ics";
import { renderApp } from "../../test/render-app";

describe("locations", () => {
  it("shows each place with kind, address, notes and map and ride links", async () => {
    const { calls } = renderApp({ history: ["/ubicaciones"] });
    const church = (await screen.findByRole("heading", { level: 2, name: "Iglesia Prioral de Santa María" })).closest(
      "article",
    );
    if (!church) throw new Error("each place is an article");
    // The place's kind; "Ceremonia" is also the event held there.
    expect(within(church).getByText("Ceremonia", { selector: ".eyebrow" })).toBeTruthy();
    expect(within(church).getByText("Plaza Marqués de las Torres, 41410 Carmona, Sevilla")).toBeTruthy();
    expect(within(church).getByText("Aparcamiento público en el Paseo del Estatuto.")).toBeTruthy();
    expect(within(church).getByText("Llegad 20 minutos antes.")).toBeTruthy();
    const [place] = content.locations;
    if (!place) throw new Error("the fixture has places");
    const links = mapLinks(place);
    expect(
      within(church)
        .getByRole("link", { name: "Abrir Iglesia Prioral de Santa María en Google Maps" })
        .getAttribute("href"),
    ).toBe(links?.google);
    expect(
      within(church)
        .getByRole("link", { name: "Abrir Iglesia Prioral de Santa María en Apple Maps" })
        .getAttribute("href"),
    ).toBe(links?.apple);
    expect(
      within(church).getByRole("link", { name: "Abrir Iglesia Prioral de Santa María en Waze" }).getAttribute("href"),
    ).toBe(links?.waze);
    expect(
      within(church).getByRole("link", { name: "Pedir un Uber a Iglesia Prioral de Santa María" }).getAttribute("href"),
    ).toBe(links?.uber);
    expect(screen.getByRole("heading", { level: 2, name: "Hacienda Los Olivos" })).toBeTruthy();
    expect(calls).toContainEqual({ path: "locations.list", input: undefined });
  });

  it("narrows to one event's place with ?evento= and offers all places", async () => {
    const { calls, user } = renderApp({ history: ["/ubicaciones?evento=ceremonia"] });
    expect(await screen.findByRole("heading", { level: 1, name: "Cómo llegar: Ceremonia" })).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 2, name: "Iglesia Prioral de Santa María" })).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 2, name: "Hacienda Los Olivos" })).toBeNull();
    expect(calls).toContainEqual({ path: "locations.list", input: { eventId: "ceremonia" } });

    await user.click(screen.getByRole("link", { name: "Ver todas las ubicaciones" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Ubicaciones" })).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 2, name: "Hacienda Los Olivos" })).toBeTruthy();
  });

  it("tells the guest when the link names an event that is not on the program", async () => {
    renderApp({ history: ["/ubicaciones?evento=brunch"] });
    expect((await screen.findByRole("alert")).textContent).toContain("Ese evento no está en el programa.");
    expect(screen.getByRole("link", { name: "Ver todas las ubicaciones" })).toBeTruthy();
  });

  it("shows an error with a retry that loads the places", async () => {
    let online = false;
    const { user } = renderApp({
      history: ["/ubicaciones"],
      bff: { networkDown: (path) => path === "locations.list" && !online },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Comprueba tu conexión");
    online = true;
    await user.click(within(alert).getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Hacienda Los Olivos" })).toBeTruthy();
  });

  it("shows the places in English with Spanish where English is missing", async () => {
    const { user } = renderApp({ history: ["/ubicaciones"] });
    await screen.findByRole("heading", { level: 2, name: "Hacienda Los Olivos" });
    await user.click(screen.getByRole("button", { name: "EN" }));
    expect(screen.getByRole("heading", { level: 1, name: "Locations" })).toBeTruthy();
    expect(screen.getByText("Public car park on Paseo del Estatuto.")).toBeTruthy();
    expect(screen.getByText("Llegad 20 minutos antes.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open Hacienda Los Olivos in Waze" })).toBeTruthy();
  });

  it("adds the events held at a place to the calendar, from the keyboard too", async () => {
    const downloads = catchDownloads();
    const { user } = renderApp({ history: ["/ubicaciones"] });
    const estate = (await screen.findByRole("heading", { level: 2, name: "Hacienda Los Olivos" })).closest("article");
    if (!estate) throw new Error("each place is an article");
    const here = await within(estate).findByRole("region", { name: "Aquí se celebra Hacienda Los Olivos" });
    expect(here.textContent).toContain("Fiesta · dom, 13 jun · 0:30 – 4:00");
    const add = within(here).getByRole("button", { name: "Añadir al calendario: Fiesta" });
    add.focus();
    await user.keyboard("{Enter}");

    await within(here).findByText("Descargado boda-lucia-mateo-fiesta.ics: ábrelo para añadirlo a tu calendario.");
    const file = await onlyDownload(downloads);
    expect(file.fileName).toBe("boda-lucia-mateo-fiesta.ics");
    expect(parseIcs(file.text).events).toMatchObject([
      {
        summary: "Fiesta · Boda de Lucía & Mateo",
        start: "2027-06-12T22:30:00.000Z",
        end: "2027-06-13T02:00:00.000Z",
        location: "Hacienda Los Olivos\nCarretera A-398 km 4, 41410 Carmona, Sevilla",
      },
    ]);
    const google = new URL(
      within(here).getByRole("link", { name: "Añadir Fiesta a Google Calendar" }).getAttribute("href") ?? "",
    );
    expect(google.searchParams.get("dates")).toBe("20270612T223000Z/20270613T020000Z");
    expect(google.searchParams.get("location")).toBe(
      "Hacienda Los Olivos, Carretera A-398 km 4, 41410 Carmona, Sevilla",
    );
  });

  it("offers the calendar in English for one event's place", async () => {
    const { user } = renderApp({ history: ["/ubicaciones?evento=ceremonia"] });
    await screen.findByRole("heading", { level: 2, name: "Iglesia Prioral de Santa María" });
    await user.click(screen.getByRole("button", { name: "EN" }));
    const here = await screen.findByRole("region", { name: /^What happens here / });
    expect(here.textContent).toContain("Ceremony · Sat 12 Jun · 18:00 – 19:00");
    expect(within(here).getByRole("button", { name: "Add to calendar: Ceremony" })).toBeTruthy();
    const google = within(here).getByRole("link", { name: "Add Ceremony to Google Calendar" });
    expect(new URL(google.getAttribute("href") ?? "").searchParams.get("text")).toBe(
      "Ceremony · Lucía & Mateo's wedding",
    );
  });

  it("copies a place's address and says so, in Spanish and English", async () => {
    const { user } = renderApp({ history: ["/ubicaciones"] });
    const church = (await screen.findByRole("heading", { level: 2, name: "Iglesia Prioral de Santa María" })).closest(
      "article",
    );
    if (!church) throw new Error("each place is an article");
    await user.click(
      within(church).getByRole("button", { name: "Copiar dirección de Iglesia Prioral de Santa María" }),
    );
    const copied = await within(church).findByText("Dirección copiada");
    expect(copied.getAttribute("role")).toBe("status");
    expect(await navigator.clipboard.readText()).toBe("Plaza Marqués de las Torres, 41410 Carmona, Sevilla");

    await user.click(screen.getByRole("button", { name: "EN" }));
    const estate = screen.getByRole("article", { name: "Hacienda Los Olivos" });
    await user.click(within(estate).getByRole("button", { name: "Copy address of Hacienda Los Olivos" }));
    await within(estate).findByText("Address copied");
    expect(await navigator.clipboard.readText()).toBe("Carretera A-398 km 4, 41410 Carmona, Sevilla");
  });

  it("leaves the address selected where the browser cannot copy", async () => {
    const { user } = renderApp({ history: ["/ubicaciones"] });
    // After user-event's set-up, which gives the page a clipboard of its own; put back when the test ends.
    const clipboard = Object.getOwnPropertyDescriptor(navigator, "clipboard");
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: undefined });
    onTestFinished(() => {
      if (clipboard) Object.defineProperty(navigator, "clipboard", clipboard);
    });
    const church = (await screen.findByRole("heading", { level: 2, name: "Iglesia Prioral de Santa María" })).closest(
      "article",
    );
    if (!church) throw new Error("each place is an article");
    await user.click(
      within(church).getByRole("button", { name: "Copiar dirección de Iglesia Prioral de Santa María" }),
    );
    await within(church).findByText("Dirección seleccionada: mantén pulsado para copiarla.");
    expect(window.getSelection()?.toString()).toBe("Plaza Marqués de las Torres, 41410 Carmona, Sevilla");
  });
});
