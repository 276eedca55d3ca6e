// When Firestore aborts an answer's transaction under contention (gRPC ABORTED, e.g. "Transaction lock timeout"),
// nothing was written: the guest gets "send it again in a moment" (503 with Retry-After), not a server error.
import type { Firestore } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { UnavailableError } from "../errors";
import { createRsvpRepository } from "./rsvp-repository";

function firestoreWhoseTransactionsFail(error: unknown): Firestore {
  return {
    collection: () => ({ doc: () => ({}) }),
    runTransaction: async () => {
      throw error;
    },
  } as unknown as Firestore;
}

const request = {
  householdKey: "garcia",
  expectedRevision: 0,
  by: { kind: "household" as const, uid: "household:garcia" },
  now: new Date("2027-04-30T10:00:00Z"),
  build: () => {
    throw new Error("never built: the transaction failed first");
  },
};

describe("an answer's transaction aborted by Firestore", () => {
  it("should ask the guest to send again shortly, with a Retry-After", async () => {
    const aborted = Object.assign(new Error("10 ABORTED: Transaction lock timeout."), { code: 10 });
    const saving = createRsvpRepository(firestoreWhoseTransactionsFail(aborted)).save(request);
    await expect(saving).rejects.toBeInstanceOf(UnavailableError);
    await expect(saving).rejects.toMatchObject({ reason: "unavailable", retryAfterSeconds: 2 });
  });

  it("should let any other failure through as it is", async () => {
    const broken = Object.assign(new Error("13 INTERNAL"), { code: 13 });
    await expect(createRsvpRepository(firestoreWhoseTransactionsFail(broken)).save(request)).rejects.toBe(broken);
  });
});
