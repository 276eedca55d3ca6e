// The in-memory mirror behind the content cache and the guest list: it never hangs a reader, keeps serving the last
// good value through failures, comes back by itself, and tells /readyz the truth. Driven by a scripted listener.
import { describe, expect, it, vi } from "vitest";
import { UnavailableError } from "../errors";
import { createFirestoreMirror, type MirrorHandlers } from "./firestore-mirror";

/** A listener the test drives by hand; every subscription is recorded. */
function scriptedListener<T>() {
  const subscriptions: Array<{ handlers: MirrorHandlers<T>; unsubscribed: boolean }> = [];
  return {
    subscriptions,
    subscribe(handlers: MirrorHandlers<T>) {
      const subscription = { handlers, unsubscribed: false };
      subscriptions.push(subscription);
      return () => {
        subscription.unsubscribed = true;
      };
    },
    latest() {
      const subscription = subscriptions.at(-1);
      if (!subscription) throw new Error("nothing subscribed");
      return subscription.handlers;
    },
  };
}

const errors: object[] = [];
const log = { error: (details: object) => errors.push(details) };

describe("Firestore mirror", () => {
  it("should give readers the first value once it arrives, and be ready", async () => {
    const listener = scriptedListener<string>();
    const mirror = createFirestoreMirror({ name: "Test", subscribe: listener.subscribe, log });
    const read = mirror.current();
    expect(mirror.health()).toEqual({ ready: false, reason: "waiting for the first snapshot" });
    listener.latest().next("v1");
    await expect(read).resolves.toBe("v1");
    expect(mirror.health()).toEqual({ ready: true });
    mirror.close();
  });

  it("should not leave a reader waiting forever when the first value never comes", async () => {
    const listener = scriptedListener<string>();
    const mirror = createFirestoreMirror({ name: "Test", subscribe: listener.subscribe, log, firstValueTimeoutMs: 20 });
    await expect(mirror.current()).rejects.toBeInstanceOf(UnavailableError);
    mirror.close();
  });

  it("should answer unavailable at once when the first snapshot is unreadable, then recover with a good one", async () => {
    const listener = scriptedListener<string>();
    const mirror = createFirestoreMirror({ name: "Test", subscribe: listener.subscribe, log });
    const read = mirror.current();
    listener.latest().invalid(new Error("does not match the schema"));
    await expect(read).rejects.toThrow("Test cannot be read right now.");
    expect(mirror.health()).toMatchObject({ ready: false, reason: expect.stringContaining("unreadable") });
    listener.latest().next("fixed");
    await expect(mirror.current()).resolves.toBe("fixed");
    mirror.close();
  });

  it("should keep serving the last good value when the listener fails, say not ready, and re-subscribe", async () => {
    const listener = scriptedListener<string>();
    const mirror = createFirestoreMirror({ name: "Test", subscribe: listener.subscribe, log, retryDelaysMs: [5] });
    listener.latest().next("good");
    listener.latest().fail(new Error("connection reset"));
    expect(listener.subscriptions[0]?.unsubscribed).toBe(true);
    await expect(mirror.current()).resolves.toBe("good");
    expect(mirror.health()).toMatchObject({ ready: false, reason: expect.stringContaining("connection reset") });

    await expect.poll(() => listener.subscriptions.length).toBe(2);
    // A late callback of the broken subscription must not overwrite what the new one delivers.
    listener.subscriptions[0]?.handlers.next("stale");
    listener.latest().next("fresh");
    await expect(mirror.current()).resolves.toBe("fresh");
    expect(mirror.health()).toEqual({ ready: true });
    mirror.close();
  });

  it("should fail waiting readers at once when the listener breaks before any value", async () => {
    const listener = scriptedListener<string>();
    const mirror = createFirestoreMirror({ name: "Test", subscribe: listener.subscribe, log, retryDelaysMs: [60_000] });
    const read = mirror.current();
    listener.latest().fail(new Error("permission denied"));
    await expect(read).rejects.toBeInstanceOf(UnavailableError);
    mirror.close();
  });

  it("should stop listening and stop retrying when closed", async () => {
    vi.useFakeTimers();
    try {
      const listener = scriptedListener<string>();
      const mirror = createFirestoreMirror({ name: "Test", subscribe: listener.subscribe, log, retryDelaysMs: [100] });
      listener.latest().fail(new Error("boom"));
      mirror.close();
      vi.advanceTimersByTime(10_000);
      expect(listener.subscriptions).toHaveLength(1);
      await expect(mirror.current()).rejects.toThrow("closed");
    } finally {
      vi.useRealTimers();
    }
  });
});
