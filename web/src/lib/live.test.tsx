// An open page stays live for as long as it is open: when its stream ends (the server shutting down for a deploy)
// or fails, the page opens it again by itself and catches up with what it missed.

import { injectFault } from "@boda/server/test/hardening-ledger";
import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test/render-app";
import { reopenDelayMs } from "./live";

/** Long enough for the first reopening (at most a second) and its snapshot, with room for a slow machine. */
const REOPENED_WITHIN = { timeout: 5000 };

describe("the live stream", () => {
  it("opens again after a restarting server ends it, with what was announced while it was closed", async () => {
    const { bff, stopLive } = renderApp({ history: ["/"] });
    await act(async () => bff.announce("Primer aviso"));
    await screen.findByText("Primer aviso");

    const restart = injectFault("the server ended an open page's live stream (a restart)");
    await act(async () => {
      bff.endLiveStreams();
      bff.announce("Aviso durante el despliegue");
    });
    await screen.findByText("Aviso durante el despliegue", {}, REOPENED_WITHIN);
    // And it is a working stream again, not a one-off snapshot.
    await act(async () => bff.announce("Aviso después"));
    await screen.findByText("Aviso después");
    restart.survived("the page opened its stream again and showed what was announced while it was closed");
    stopLive();
  });

  it("opens again after the server answers it unavailable (a 503 while overloaded)", async () => {
    const refused = injectFault("the server answered an open page's live stream 503 (overloaded)");
    const { bff, stopLive } = renderApp({ history: ["/"], failedLiveStreams: 1 });
    await screen.findByRole("heading", { level: 2, name: "Programa" });
    await act(async () => bff.announce("Aviso tras el fallo"));
    await screen.findByText("Aviso tras el fallo", {}, REOPENED_WITHIN);
    refused.survived("the page opened its stream again and showed the next announcement");
    stopLive();
  });
});

describe("the wait before opening again", () => {
  it("doubles from about a second up to half a minute, spread at random", () => {
    const lowest = (failures: number) => reopenDelayMs(failures, () => 0);
    const highest = (failures: number) => reopenDelayMs(failures, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(highest)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect([0, 1, 5, 10].map(lowest)).toEqual([500, 1000, 15_000, 15_000]);
  });
});
