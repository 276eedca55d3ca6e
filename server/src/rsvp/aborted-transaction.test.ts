// When Firestore aborts an answer's transaction under contention (gRPC ABORTED, e.g. "Transaction lock timeout"),
// the guest gets "send it again in a moment" (503 with Retry-After), not a server error; when the guest's wait runs
// out before the transaction's read, it writes nothing later. (A commit already sent may still land: that a retry
// with the same key then saves once is shown on the emulator in answer-lands-once.test.ts.)
import type { Firestore } from "firebase-admin/firestore";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UnavailableError } from "../errors";
import { GUEST_WAIT_MS } from "../firebase/guest-waits";
import { injectFault } from "../test/hardening-ledger";
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
  submissionId: "0b6f8a52-3c1e-4c55-9a43-5c8f0f1d2e01",
  by: { kind: "household" as const, uid: "household:garcia" },
  now: new Date("2027-04-30T10:00:00Z"),
  build: () => {
    throw new Error("never built: the transaction failed first");
  },
};

describe("an answer's transaction aborted by Firestore", () => {
  it("should ask the guest to send again shortly, with a Retry-After", async () => {
    const fault = injectFault("Firestore aborted an answer's transaction (gRPC ABORTED, lock timeout)");
    const aborted = Object.assign(new Error("10 ABORTED: Transaction lock timeout."), { code: 10 });
    const saving = createRsvpRepository(firestoreWhoseTransactionsFail(aborted)).save(request);
    await expect(saving).rejects.toBeInstanceOf(UnavailableError);
    await expect(saving).rejects.toMatchObject({ reason: "unavailable", retryAfterSeconds: 2 });
    fault.survived("the guest is asked to send again, with Retry-After 2, instead of a 500");
  });

  it("should let any other failure through as it is", async () => {
    const broken = Object.assign(new Error("13 INTERNAL"), { code: 13 });
    await expect(createRsvpRepository(firestoreWhoseTransactionsFail(broken)).save(request)).rejects.toBe(broken);
  });

  describe("when Firestore answers after the guest was told to send again", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("should write nothing, so the answer reported as not saved never lands later", async () => {
      vi.useFakeTimers();
      const fault = injectFault("Firestore answered an answer's transaction after the guest's wait had run out");
      const writes: string[] = [];
      let releaseRead: () => void = () => {};
      const slowRead = new Promise<void>((resolve) => {
        releaseRead = resolve;
      });
      let transactionOutcome: Promise<unknown> = Promise.resolve();
      const firestore = {
        collection: () => ({ doc: () => ({ collection: () => ({ doc: () => ({}) }) }) }),
        runTransaction: (update: (transaction: unknown) => Promise<unknown>) => {
          const transaction = {
            get: async () => {
              await slowRead;
              return { exists: false };
            },
            set: () => writes.push("set"),
            create: () => writes.push("create"),
          };
          transactionOutcome = update(transaction).catch((error: Error) => error.name);
          return transactionOutcome;
        },
      } as unknown as Firestore;
      const saving = createRsvpRepository(firestore).save({
        ...request,
        build: ({ revision, respondedAt }) => ({
          householdKey: "garcia",
          people: [{ personId: "carmen", name: "Carmen", child: false, attending: { ceremonia: true }, dietary: [] }],
          answers: {},
          respondedAt,
          revision,
        }),
      });
      const refused = expect(saving).rejects.toMatchObject({ reason: "unavailable" });
      await vi.advanceTimersByTimeAsync(GUEST_WAIT_MS.write);
      await refused;

      releaseRead();
      expect(await transactionOutcome).toBe("AbortError");
      expect(writes).toEqual([]);
      fault.survived("the late transaction wrote nothing, so the answer reported as not saved never lands");
    });
  });
});
