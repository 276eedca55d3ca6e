// The routing rules: "#/" is the dashboard, "#/ubicaciones" the places, anything else is replaced by the places.
import { act, screen, within } from "@testing-library/react";
import { HashRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { content } from "../test/fixtures";
import { renderApp, renderWithBff } from "../test/render-app";
import { AppRoutes } from "./router";

function openWithHash(hash: string) {
  window.history.replaceState(null, "", `/${hash}`);
  const lengthBefore = window.history.length;
  const view = renderWithBff(
    <HashRouter>
      <AppRoutes />
    </HashRouter>,
  );
  return { ...view, lengthBefore };
}

describe("hash routes", () => {
  it("shows the dashboard at #/", async () => {
    openWithHash("#/");
    expect(await screen.findByRole("heading", { level: 1, name: "Lucía & Mateo" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Programa" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Inicio" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows the locations at #/ubicaciones", async () => {
    openWithHash("#/ubicaciones");
    expect(await screen.findByRole("heading", { level: 1, name: "Ubicaciones" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ubicaciones" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Inicio" }).getAttribute("aria-current")).toBeNull();
  });

  it("shows the privacy notice at #/privacidad, a real screen that is not replaced", async () => {
    openWithHash("#/privacidad");
    expect(await screen.findByRole("heading", { level: 1, name: "Privacidad" })).toBeTruthy();
    expect(window.location.hash).toBe("#/privacidad");
  });

  it("links every screen's footer to the privacy notice", async () => {
    const { user } = renderApp({ history: ["/ubicaciones"] });
    const footer = await screen.findByRole("contentinfo");
    await user.click(within(footer).getByRole("link", { name: "Privacidad" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Privacidad" })).toBeTruthy();
  });

  it.each(["#/x", "#/a/b", "#/anything?x=1"])(
    "replaces %s with #/ubicaciones without a new history entry",
    async (hash) => {
      const { lengthBefore } = openWithHash(hash);
      expect(await screen.findByRole("heading", { level: 1, name: "Ubicaciones" })).toBeTruthy();
      expect(window.location.hash).toBe("#/ubicaciones");
      expect(window.history.length).toBe(lengthBefore);
    },
  );

  it("makes Back skip the unknown address", async () => {
    const { router } = renderApp({ history: ["/", "/no-such-page"] });
    await screen.findByRole("heading", { level: 1, name: "Ubicaciones" });
    expect(router.navigationType).toBe("REPLACE");
    await act(() => router.navigate(-1));
    expect(router.location.pathname).toBe("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Lucía & Mateo" })).toBeTruthy();
  });

  it("goes from an event's directions link to that event's place", async () => {
    const { user, calls } = renderApp({ history: ["/"] });
    await user.click(await screen.findByRole("link", { name: "Cómo llegar a Iglesia Prioral de Santa María" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Cómo llegar: Ceremonia" })).toBeTruthy();
    expect(calls).toContainEqual({ path: "locations.list", input: { eventId: "ceremonia" } });
  });

  it("keeps the header and shows a friendly message when a screen breaks", async () => {
    // React reports the render error on the console; that is expected here.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    // 02:30 on 28 March 2027 never happens in Madrid (the clocks jump to 03:00): the page cannot show it.
    const [event, ...others] = content.events;
    if (!event) throw new Error("the fixture needs an event");
    const broken = { ...content, events: [{ ...event, start: "2027-03-28T02:30" }, ...others] };
    renderApp({ history: ["/"], bff: { content: broken } });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("No hemos podido mostrar esta página. Prueba a recargarla.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Algo ha fallado" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Secciones" })).toBeTruthy();
  });
});
