// Applying the live feed's events: what an open page shows after each one.
import type { LiveState } from "@boda/server/contract/live-view";
import { describe, expect, it } from "vitest";
import { applyLiveEvent } from "./live-state";

const state: LiveState = {
  switches: { phase: "day-of", rsvp: { open: false, deadline: "2027-05-01" }, guestbookEnabled: true },
  announcement: null,
  guestbook: [{ id: "-a", name: "Familia García", message: "¡Enhorabuena!", createdAt: 1 }],
  canPost: true,
};

describe("applyLiveEvent", () => {
  it("replaces everything with a snapshot (a reconnection catches up)", () => {
    const next = { ...state, guestbook: [] };
    expect(applyLiveEvent(state, { kind: "snapshot", state: next })).toBe(next);
  });

  it("shows and clears the announcement", () => {
    const shown = applyLiveEvent(state, {
      kind: "announcement",
      announcement: { message: "Empezamos", at: "2027-06-12T16:00:00.000Z" },
    });
    expect(shown?.announcement?.message).toBe("Empezamos");
    expect(applyLiveEvent(shown, { kind: "announcement", announcement: null })?.announcement).toBeNull();
  });

  it("adds a message once, and removes a hidden one", () => {
    const message = { id: "-b", name: "Los Ruiz", message: "¡Viva!", createdAt: 2 };
    const added = applyLiveEvent(state, { kind: "guestbook-added", message });
    expect(added?.guestbook?.map((each) => each.id)).toEqual(["-a", "-b"]);
    expect(applyLiveEvent(added, { kind: "guestbook-added", message })?.guestbook).toHaveLength(2);
    expect(applyLiveEvent(added, { kind: "guestbook-removed", id: "-a" })?.guestbook?.map((each) => each.id)).toEqual([
      "-b",
    ]);
  });

  it("ignores guestbook changes for a page that may not read it", () => {
    const stranger = { ...state, guestbook: null, canPost: false };
    const message = { id: "-c", name: "X", message: "hola", createdAt: 3 };
    expect(applyLiveEvent(stranger, { kind: "guestbook-added", message })?.guestbook).toBeNull();
  });
});
