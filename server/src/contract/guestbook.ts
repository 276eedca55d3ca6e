// The live guestbook (`/guestbook/{pushId}` in the Realtime Database): guests post through the BFF, the couple
// moderates with `pnpm seed guestbook`, and every open page sees messages appear and hidden ones disappear.
import { z } from "zod";
import { guestText } from "./guest-text";
import { MAX_GUESTBOOK_CHARS } from "./guestbook-message";

export const GUESTBOOK_PATH = "guestbook";
/** The newest messages an open page holds; older ones stay in the database and in `pnpm seed guestbook list`. */
export const GUESTBOOK_WINDOW = 200;

/** A stored message. Hiding sets `hidden: true` and never deletes a guest's words, so a mistake can be undone. */
export const GuestbookEntry = z.object({
  householdKey: z.string(),
  /** The household's name as the invitation addresses it. */
  name: z.string(),
  message: z.string(),
  /** Milliseconds since the epoch, set by the database server. */
  createdAt: z.number(),
  hidden: z.boolean().optional(),
});
export type GuestbookEntry = z.infer<typeof GuestbookEntry>;

export const GuestbookPostInput = z.strictObject({
  message: guestText({ max: MAX_GUESTBOOK_CHARS, multiline: true }).pipe(
    z.string().min(1, { error: "write a message first" }),
  ),
  /**
   * This post's idempotency key: a UUID the page makes once per message and reuses on every retry (a message written
   * offline is sent later, maybe more than once). It becomes the message's key in the database, so a key that already
   * landed answers with the stored message instead of a second one. Optional for pages opened before keys existed.
   */
  postId: z.uuid().optional(),
});
export type GuestbookPostInput = z.infer<typeof GuestbookPostInput>;
