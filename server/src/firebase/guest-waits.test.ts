// A Firestore call a guest waits on never hangs and never surfaces gRPC internals: out of time or unreachable means
// 503 "try again shortly"; anything else is a real failure and goes on as it is.
import { afterEach, describe, expect, it, vi } from "vitest";
import { UnavailableError } from "../errors";
import { whileGuestWaits } from "./guest-waits";

const grpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

describe("a Firestore call while a guest waits", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("should give up with 'unavailable' when Firestore never answers", async () => {
    vi.useFakeTimers();
    const waiting = whileGuestWaits("saving the answer", () => new Promise(() => {}), 10_000);
    const settled = expect(waiting).rejects.toMatchObject({ reason: "unavailable", retryAfterSeconds: 5 });
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    await expect(waiting).rejects.toThrow(/did not answer within 10000 ms while saving the answer/);
  });

  it.each([
    [14, "14 UNAVAILABLE: No connection established. Last error: connect ECONNREFUSED 127.0.0.1:8080"],
    [4, "4 DEADLINE_EXCEEDED: Deadline exceeded"],
    [8, "8 RESOURCE_EXHAUSTED: Quota exceeded."],
  ])("should turn gRPC code %i into 'unavailable' without its internals", async (code, message) => {
    const failing = whileGuestWaits("reading the answer", () => Promise.reject(grpcError(code, message)), 5000);
    await expect(failing).rejects.toBeInstanceOf(UnavailableError);
    await expect(failing).rejects.not.toThrow(/ECONNREFUSED|DEADLINE|QUOTA/i);
  });

  it("should let any other failure through as it is", async () => {
    const broken = grpcError(13, "13 INTERNAL");
    await expect(whileGuestWaits("reading the answer", () => Promise.reject(broken), 5000)).rejects.toBe(broken);
  });

  it("should hand back the answer when Firestore answers in time", async () => {
    await expect(whileGuestWaits("reading the answer", async () => "stored", 5000)).resolves.toBe("stored");
  });
});
