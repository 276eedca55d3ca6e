// The day's live state, mirrored from the Realtime Database with firebase-admin listeners: the announcement and the
// newest guestbook messages. Open pages subscribe (tRPC over SSE) and get each change as it happens; browsers never
// talk to the database. firebase-admin reconnects and re-listens by itself after the database restarts.
import { EventEmitter } from "node:events";
import type { Database, DataSnapshot } from "firebase-admin/database";
import { GUESTBOOK_PATH, GUESTBOOK_WINDOW, GuestbookEntry } from "../contract/guestbook";
import type { GuestbookMessage } from "../contract/guestbook-message";
import { LIVE_PATH, LiveAnnouncement } from "../contract/live";

export interface LiveSnapshot {
  announcement: LiveAnnouncement | null;
  /** Visible messages, oldest first. */
  guestbook: GuestbookMessage[];
}

export type LiveChange =
  | { kind: "announcement"; announcement: LiveAnnouncement | null }
  | { kind: "guestbook-added"; message: GuestbookMessage }
  | { kind: "guestbook-removed"; id: string };

export interface LiveHub {
  current(): LiveSnapshot;
  /** Calls `listener` with every change from now on; returns the way to stop. */
  subscribe(listener: (change: LiveChange) => void): () => void;
  close(): void;
}

export function createLiveHub(database: Database, log: { error(details: object, message: string): void }): LiveHub {
  const events = new EventEmitter();
  // Every open page listens; the default cap of 10 is meant to catch leaks in ordinary emitters.
  events.setMaxListeners(0);
  let announcement: LiveAnnouncement | null = null;
  let guestbook: GuestbookMessage[] = [];
  const emit = (change: LiveChange) => events.emit("change", change);

  const liveRef = database.ref(LIVE_PATH);
  const onLive = (snapshot: DataSnapshot) => {
    const parsed = snapshot.exists() ? LiveAnnouncement.safeParse(snapshot.val()) : undefined;
    if (parsed && !parsed.success) {
      log.error({ issues: parsed.error.issues }, "the live announcement is unreadable; keeping the last one");
      return;
    }
    announcement = parsed?.data ?? null;
    emit({ kind: "announcement", announcement });
  };

  const guestbookQuery = database.ref(GUESTBOOK_PATH).orderByChild("createdAt").limitToLast(GUESTBOOK_WINDOW);
  const onGuestbook = (snapshot: DataSnapshot) => {
    const next: GuestbookMessage[] = [];
    snapshot.forEach((child) => {
      const parsed = GuestbookEntry.safeParse(child.val());
      if (parsed.success && child.key && !parsed.data.hidden) {
        const { name, message, createdAt } = parsed.data;
        next.push({ id: child.key, name, message, createdAt });
      }
    });
    const before = new Set(guestbook.map((message) => message.id));
    const after = new Set(next.map((message) => message.id));
    guestbook = next;
    for (const message of next) if (!before.has(message.id)) emit({ kind: "guestbook-added", message });
    for (const id of before) if (!after.has(id)) emit({ kind: "guestbook-removed", id });
  };

  const onError = (what: string) => (error: Error) =>
    log.error({ err: error }, `${what} listener was cancelled by the database; live updates for it stopped`);
  liveRef.on("value", onLive, onError("the live announcement"));
  guestbookQuery.on("value", onGuestbook, onError("the guestbook"));

  return {
    current: () => ({ announcement, guestbook }),
    subscribe(listener) {
      events.on("change", listener);
      return () => events.off("change", listener);
    },
    close() {
      liveRef.off("value", onLive);
      guestbookQuery.off("value", onGuestbook);
      events.removeAllListeners();
    },
  };
}
