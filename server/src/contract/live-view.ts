// What an open page receives over its live subscription (`live.feed`): a snapshot of the day's state when it
// connects, then each change. Types only, shared by the BFF and the page.
import type { GuestbookMessage } from "./guestbook-message";
import type { Switches } from "./switches";

export interface LiveAnnouncementView {
  message: string;
  /** When the couple wrote it, as an ISO instant (the page shows it in the wedding's time zone). */
  at: string;
}

export interface LiveSwitchesView {
  phase: Switches["site_phase"];
  rsvp: { open: boolean; deadline: string };
  guestbookEnabled: boolean;
}

export interface LiveState {
  switches: LiveSwitchesView;
  /** null when there is none, or when the viewer may not see the program at all. */
  announcement: LiveAnnouncementView | null;
  /** null when the viewer may not read the guestbook (strangers) or it is closed. */
  guestbook: GuestbookMessage[] | null;
  /** Whether this viewer may post (an invited household, while the guestbook is open). */
  canPost: boolean;
}

export type LiveEvent =
  | { kind: "snapshot"; state: LiveState }
  | { kind: "announcement"; announcement: LiveAnnouncementView | null }
  | { kind: "guestbook-added"; message: GuestbookMessage }
  | { kind: "guestbook-removed"; id: string };
