// The push opt-in: offered to invited households only where the stack has push, never on a test stack; and honest
// about a browser that cannot receive push messages.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { garcia } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

const dayOf = { switches: { site_phase: "day-of" as const } };
const realPush = { available: true, subscribe: async () => {} };

describe("push opt-in", () => {
  it("is not offered on a test stack (no Messaging emulator exists)", async () => {
    const { stopLive } = renderApp({ history: ["/"], signedInAs: garcia, bff: dayOf });
    await screen.findByRole("heading", { level: 2, name: "Ahora en la boda" });
    expect(screen.queryByRole("heading", { name: "Avisos el día de la boda" })).toBeNull();
    stopLive();
  });

  it("is offered to a household where push exists, and says so plainly when the browser cannot receive it", async () => {
    const { user, stopLive } = renderApp({ history: ["/"], signedInAs: garcia, bff: { ...dayOf, push: realPush } });
    await screen.findByRole("heading", { level: 2, name: "Avisos el día de la boda" });
    // jsdom, like some in-app browsers, has no service workers.
    await user.click(screen.getByRole("button", { name: "Quiero recibir avisos" }));
    expect(await screen.findByText(/Este navegador no admite avisos/)).toBeTruthy();
    stopLive();
  });

  it("is not offered to strangers", async () => {
    const { stopLive } = renderApp({ history: ["/"], bff: { ...dayOf, push: realPush } });
    await screen.findByRole("heading", { level: 2, name: "Ahora en la boda" });
    expect(screen.queryByRole("heading", { name: "Avisos el día de la boda" })).toBeNull();
    stopLive();
  });
});
