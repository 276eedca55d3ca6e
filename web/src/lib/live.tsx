// The live day on the page: one subscription to the BFF's `live.feed` (server-sent events) shared by the banner,
// the guestbook and the phase-dependent dashboard. It opens once the page has loaded (and, outside the wedding day,
// been idle a moment), reopens with a fresh snapshot after a dropped connection, a new sign-in or the end of its stream (a server
// shutting down for a deploy ends every stream), and rests while the page is hidden.
import type { LiveState } from "@boda/server/contract/live-view";
import type { Unsubscribable } from "@trpc/server/observable";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { useSwitches } from "./api/use-switches";
import { applyLiveEvent } from "./live-state";
import { useTRPCClient } from "./trpc";
import { useSession } from "./use-session";

interface LiveContextValue {
  state: LiveState | undefined;
}

const LiveContext = createContext<LiveContextValue>({ state: undefined });

/** How long a page waits after `load`, outside the wedding day, before opening its live stream. */
const IDLE_START_MS = 1500;

/**
 * How long to wait before reopening a stream that ended or failed, after `failures` attempts in a row without news:
 * doubling from about a second up to half a minute, spread at random so that the pages a shutdown cut off all at
 * once do not all come back in the same instant.
 */
export function reopenDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** failures);
  return Math.round(ceiling * (0.5 + random() / 2));
}

export function LiveProvider({
  children,
  startAfterMs = IDLE_START_MS,
}: {
  children: ReactNode;
  startAfterMs?: number;
}) {
  const client = useTRPCClient();
  const { kind } = useSession();
  const switches = useSwitches();
  const [state, setState] = useState<LiveState>();
  const [visible, setVisible] = useState(
    () => typeof document === "undefined" || document.visibilityState !== "hidden",
  );
  const [started, setStarted] = useState(false);
  const phase = switches.data?.phase;

  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState !== "hidden");
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  useEffect(() => {
    if (started || !phase) return;
    // Never before `load`: the page's own files come first on a weak signal.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      if (phase === "day-of" || startAfterMs === 0) setStarted(true);
      else timer = setTimeout(() => setStarted(true), startAfterMs);
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      clearTimeout(timer);
    };
  }, [phase, started, startAfterMs]);

  useEffect(() => {
    // Wait for a remembered sign-in to be checked: the stream is shaped by who is looking.
    if (!started || !visible || kind === undefined) return;
    let closed = false;
    let subscription: Unsubscribable | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // Attempts since the feed last sent something, for the back-off.
    let failures = 0;
    const open = () => {
      subscription = client.live.feed.subscribe(undefined, {
        onData: (event) => {
          failures = 0;
          setState((current) => applyLiveEvent(current, event));
        },
        // The feed's EventSource rides out a dropped connection by itself; these are the ends it does not: the
        // server ending the stream (a shutdown for a deploy) or refusing it (e.g. 503 while overloaded).
        onComplete: openAgainLater,
        onError: openAgainLater,
      });
    };
    const openAgainLater = () => {
      if (closed) return;
      clearTimeout(retry);
      retry = setTimeout(open, reopenDelayMs(failures));
      failures += 1;
    };
    open();
    return () => {
      closed = true;
      clearTimeout(retry);
      subscription?.unsubscribe();
    };
  }, [client, kind, started, visible]);

  // A new value only when the state changes: a prerendered screen still waiting to hydrate must not be disturbed.
  const value = useMemo(() => ({ state }), [state]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

export function useLive(): LiveContextValue {
  return useContext(LiveContext);
}

/** The phase of the wedding: live from the feed once it is connected, from the page's settings before that. */
export function useSitePhase(): LiveState["switches"]["phase"] | undefined {
  const switches = useSwitches();
  return useLive().state?.switches.phase ?? switches.data?.phase;
}
