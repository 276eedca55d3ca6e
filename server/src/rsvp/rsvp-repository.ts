// Households' answers in Firestore: one document per household plus a history entry per change, written in one
// transaction so an answer and its history never disagree and two devices of one household never overwrite each
// other silently (the form says which revision it saw; a different stored revision is refused). Each save carries
// an idempotency key stored with the revision it produced, in the same transaction: sending the same key again (after
// a reply the guest never got) returns that revision instead of saving twice or refusing it as a conflict.
import type { Firestore } from "firebase-admin/firestore";
import {
  historyDocId,
  RSVP_HISTORY_SUBCOLLECTION,
  RSVPS_COLLECTION,
  Rsvp,
  type RsvpAuthor,
  RsvpChange,
} from "../contract/rsvp";
import { GuestError } from "../errors";
import { GUEST_WAIT_MS, whileGuestWaits } from "../firebase/guest-waits";

export interface SaveRsvp {
  householdKey: string;
  /** The revision the household last saw; 0 before its first answer. */
  expectedRevision: number;
  /** The submit's idempotency key: stored with the revision it produces; a key that already landed is not saved again. */
  submissionId: string;
  by: RsvpAuthor;
  now: Date;
  /** Builds the document to store, given its revision and time. */
  build(meta: { revision: number; respondedAt: string }): Rsvp;
}

export interface RsvpRepository {
  get(householdKey: string): Promise<Rsvp | null>;
  all(): Promise<Rsvp[]>;
  save(request: SaveRsvp): Promise<Rsvp>;
}

export function createRsvpRepository(firestore: Firestore): RsvpRepository {
  const answers = firestore.collection(RSVPS_COLLECTION);
  const parse = (householdKey: string, data: unknown): Rsvp => {
    const parsed = Rsvp.safeParse(data);
    // Only this repository writes answers, after validating; an unreadable one is a bug to look at, not to guess.
    if (!parsed.success) throw new Error(`${RSVPS_COLLECTION}/${householdKey} is unreadable: ${parsed.error.message}`);
    return parsed.data;
  };
  return {
    async get(householdKey) {
      const snapshot = await whileGuestWaits(
        "reading the answer",
        () => answers.doc(householdKey).get(),
        GUEST_WAIT_MS.read,
      );
      return snapshot.exists ? parse(householdKey, snapshot.data()) : null;
    },
    async all() {
      const snapshot = await whileGuestWaits("reading the answers", () => answers.get(), GUEST_WAIT_MS.read);
      return snapshot.docs.map((doc) => parse(doc.id, doc.data()));
    },
    save(request) {
      const document = answers.doc(request.householdKey);
      const saveInTransaction = (abandoned: AbortSignal) =>
        firestore.runTransaction(async (transaction) => {
          const snapshot = await transaction.get(document);
          // The guest was already told to send again: write nothing now (throwing rolls the transaction back).
          abandoned.throwIfAborted();
          const before = snapshot.exists ? parse(request.householdKey, snapshot.data()) : null;
          // This very submit already landed (its reply was lost): answer with what it saved, write nothing.
          if (before?.submissionId === request.submissionId) return before;
          const storedRevision = before?.revision ?? 0;
          if (storedRevision !== request.expectedRevision) {
            throw new GuestError(
              "CONFLICT",
              "answer-changed",
              `The answer was changed meanwhile (revision ${storedRevision}, the form saw ${request.expectedRevision}); ` +
                "review the latest answer and send again.",
            );
          }
          const revision = storedRevision + 1;
          const at = request.now.toISOString();
          const after = Rsvp.parse({
            ...request.build({ revision, respondedAt: at }),
            submissionId: request.submissionId,
          });
          const change: RsvpChange = { revision, at, by: request.by, before, after };
          transaction.set(document, after);
          // `create` fails if this revision's entry exists: a second line of defence against a lost update.
          transaction.create(document.collection(RSVP_HISTORY_SUBCOLLECTION).doc(historyDocId(revision)), change);
          return after;
        });
      /**
       * Refused as a conflict: the key may have landed and been changed since (by another device). History entries
       * are written once and never change, so this is read outside the transaction (a query inside one that is
       * contended is cut short by Firestore).
       */
      const landedEarlier = async (): Promise<Rsvp | null> => {
        const landed = await document
          .collection(RSVP_HISTORY_SUBCOLLECTION)
          .where("after.submissionId", "==", request.submissionId)
          .limit(1)
          .get();
        const entry = landed.docs[0];
        return entry ? RsvpChange.parse(entry.data()).after : null;
      };
      return whileGuestWaits(
        "saving the answer",
        async (abandoned) => {
          try {
            return await saveInTransaction(abandoned);
          } catch (error) {
            if (!(error instanceof GuestError && error.reason === "answer-changed")) throw error;
            const landed = await landedEarlier();
            if (landed) return landed;
            throw error;
          }
        },
        GUEST_WAIT_MS.write,
      );
    },
  };
}
