// What the couple's Analytics would record on a real project: each screen opened, directions opened. On a test
// stack nothing starts (no measurement id), and recording is then a no-op.
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp } from "../test/render-app";
import { type AnalyticsEvent, setAnalyticsLogger, track } from "./analytics";

afterEach(() => setAnalyticsLogger(undefined));

describe("analytics events", () => {
  it("records each screen the guest opens, by its hash route, and directions opened", async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsLogger((event) => events.push(event));
    const { user } = renderApp({ history: ["/"] });
    await screen.findByRole("heading", { level: 2, name: "Programa" });
    await user.click(screen.getByRole("link", { name: "Ubicaciones" }));
    await user.click(await screen.findByRole("link", { name: "Abrir Hacienda Los Olivos en Waze" }));
    expect(events).toEqual([
      { name: "page_view", params: { page_path: "/#/" } },
      { name: "page_view", params: { page_path: "/#/ubicaciones" } },
      { name: "directions_opened", params: { place: "hacienda-los-olivos", app: "Waze" } },
    ]);
  });

  it("does nothing when Analytics is not running", () => {
    expect(() => track({ name: "page_view", params: { page_path: "/#/" } })).not.toThrow();
  });
});
