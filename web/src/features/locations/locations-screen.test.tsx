// The places screen: every place with notes and map links, or one event's place when the link names it.

import { mapLinks } from "@boda/server/contract/map-links";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { content } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

describe("locations", () => {
  it("shows each place with kind, address, notes and map and ride links", async () => {
    const { calls } = renderApp({ history: ["/ubicaciones"] });
    const church = (await screen.findByRole("heading", { level: 2, name: "Iglesia Prioral de Santa María" })).closest(
      "article",
    );
    if (!church) throw new Error("each place is an article");
    expect(within(church).getByText("Ceremonia")).toBeTruthy();
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
});
