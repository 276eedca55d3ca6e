// Guests' guestbook posts, written by the BFF into the Realtime Database (browsers are denied by the rules), with a
// per-household rate limit, counted where every BFF instance sees it (`../limits/shared-limits.ts`), so one phone
// cannot flood the page.
import type { Database } from "firebase-admin/database";
import { ServerValue } from "firebase-admin/database";
import { GUESTBOOK_PATH } from "../contract/guestbook";
import type { Household } from "../contract/household";
import { GuestError, UnavailableError } from "../errors";
import { GUEST_WAIT_MS, whileGuestWaits } from "../firebase/guest-waits";
import { LimitReached, type LimitStore } from "../limits/shared-limits";

export interface GuestbookLimits {
  posts: number;
  windowSeconds: number;
}

/** A few messages per household per quarter hour: plenty for well-wishers, too few for a flood. */
export const DEFAULT_GUESTBOOK_LIMITS: GuestbookLimits = { posts: 5, windowSeconds: 15 * 60 };

export interface GuestbookWriter {
  /**
   * Stores the message under the household's name; returns its id. With a `postId` that already landed for this
   * household it writes nothing and returns that id (a retry of a message sent before).
   */
  post(household: Pick<Household, "key" | "displayName">, message: string, postId?: string): Promise<string>;
}

export function createGuestbookWriter(
  database: Database,
  limitStore: LimitStore,
  limits = DEFAULT_GUESTBOOK_LIMITS,
): GuestbookWriter {
  const limiter = limitStore.limiter("guestbook", { points: limits.posts, windowSeconds: limits.windowSeconds });
  return {
    async post(household, message, postId) {
      const ref = postId ? database.ref(GUESTBOOK_PATH).child(postId) : database.ref(GUESTBOOK_PATH).push();
      if (postId) {
        const stored = await whileGuestWaits("reading the message", () => ref.get(), GUEST_WAIT_MS.read);
        if (stored.exists()) {
          // Keys are UUIDs made by the page; one already used by another household is a forged retry, not ours.
          if (stored.child("householdKey").val() !== household.key) {
            throw new GuestError(
              "CONFLICT",
              "post-id-taken",
              "This postId belongs to another message; make a new one.",
            );
          }
          return postId;
        }
      }
      try {
        // Taken before writing; a store that does not answer refuses the post (503 with Retry-After).
        await limiter.consume(household.key);
      } catch (refusal) {
        if (!(refusal instanceof LimitReached)) throw refusal;
        const seconds = refusal.retryAfterSeconds;
        throw new GuestError(
          "TOO_MANY_REQUESTS",
          "too-many-posts",
          `This household has posted ${limits.posts} messages recently; try again in ${seconds} seconds.`,
          seconds,
        );
      }
      const entry = {
        householdKey: household.key,
        name: household.displayName,
        message,
        createdAt: ServerValue.TIMESTAMP,
      };
      try {
        // While the database is unreachable the SDK holds the write until it is back: the guest is not kept waiting.
        await whileGuestWaits("posting the message", () => ref.set(entry), GUEST_WAIT_MS.write);
      } catch (error) {
        // The held write would still land later, after the guest was told it did not: queue its removal behind it.
        if (error instanceof UnavailableError) ref.remove().catch(() => {});
        throw error;
      }
      if (!ref.key) throw new Error("The Realtime Database gave the new message no key.");
      return ref.key;
    },
  };
}
