// A guestbook message as the page shows it, and how long it may be. Free of zod on purpose: the page's guestbook
// form imports it.

export const MAX_GUESTBOOK_CHARS = 280;

export interface GuestbookMessage {
  id: string;
  /** The household's name as the invitation addresses it. */
  name: string;
  message: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}
