// The page's outbox as React state: one per page, sending what waits whenever a household is signed in and the
// browser is online — at start (what an earlier visit left), on the `online` event, and when the service worker's
// Background Sync wakes the page (sw.ts). Screens list what waits and let the guest cancel it.
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { newId } from "../new-id";
import { useTRPC, useTRPCClient } from "../trpc";
import { useSession } from "../use-session";
import { idbOutboxStore, memoryOutboxStore } from "./idb-store";
import {
  OUTBOX_FLUSH_MESSAGE,
  OUTBOX_SYNC_TAG,
  Outbox,
  type OutboxClock,
  type OutboxEntry,
  type OutboxItem,
  type OutboxStore,
} from "./outbox";
import { bffSenders } from "./senders";

const browserClock: OutboxClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export interface OutboxSeams {
  store?: OutboxStore;
  clock?: OutboxClock;
}

const OutboxContext = createContext<Outbox | null>(null);

export function OutboxProvider({ children, seams = {} }: { children: ReactNode; seams?: OutboxSeams }) {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { kind } = useSession();
  // Only a signed-in household can send; until its sign-in is known nothing is tried (it would be refused).
  const canSend = useRef(false);
  canSend.current = kind === "household";
  const [outbox] = useState(
    () =>
      new Outbox({
        // No IndexedDB (the prerender, some private modes, tests): kept in memory for as long as the page lives.
        store: seams.store ?? (typeof indexedDB === "undefined" ? memoryOutboxStore() : idbOutboxStore()),
        clock: seams.clock ?? browserClock,
        isOnline: () => canSend.current && navigator.onLine,
        newId,
        send: bffSenders(client, (rsvp) => {
          const key = trpc.invitations.mine.queryKey();
          queryClient.setQueryData(key, (invitation) => (invitation ? { ...invitation, rsvp } : invitation));
        }),
      }),
  );

  useEffect(() => {
    void outbox.start();
    const flush = () => void outbox.flush();
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | undefined)?.type === OUTBOX_FLUSH_MESSAGE) flush();
    };
    window.addEventListener("online", flush);
    navigator.serviceWorker?.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("online", flush);
      navigator.serviceWorker?.removeEventListener("message", onMessage);
      outbox.stop();
    };
  }, [outbox]);

  // Signed in (again): send what waits.
  useEffect(() => {
    if (kind === "household") void outbox.flush();
  }, [kind, outbox]);

  return <OutboxContext.Provider value={outbox}>{children}</OutboxContext.Provider>;
}

export function useOutbox() {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error("useOutbox needs an OutboxProvider around it.");
  const items = useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.current(),
    () => outbox.current(),
  );
  return {
    items,
    /** Keeps an entry to send when the connection returns, and asks the service worker to wake the page then. */
    add: (entry: OutboxEntry): Promise<OutboxItem> => {
      requestBackgroundSync();
      return outbox.add(entry);
    },
    cancel: (id: string) => outbox.cancel(id),
  };
}

/** Background Sync where the browser has it (Chromium); elsewhere the `online` event and the next visit send. */
function requestBackgroundSync(): void {
  navigator.serviceWorker?.ready
    .then((registration) =>
      (registration as { sync?: { register(tag: string): Promise<void> } }).sync?.register(OUTBOX_SYNC_TAG),
    )
    .catch(() => {});
}
