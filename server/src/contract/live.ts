// The day's live announcement (`/live` in the Realtime Database), written by `pnpm seed live set` and pushed to
// every open page by the BFF. Declared once for both.
import { z } from "zod";

export const LIVE_PATH = "live";
/** Fits on a phone screen without scrolling, and in a push notification. */
export const MAX_LIVE_MESSAGE_CHARS = 280;

export const LiveAnnouncement = z.object({
  message: z.string().min(1).max(MAX_LIVE_MESSAGE_CHARS),
  /** Milliseconds since the epoch, set by the database server when the couple wrote it. */
  updatedAt: z.number(),
});
export type LiveAnnouncement = z.infer<typeof LiveAnnouncement>;
