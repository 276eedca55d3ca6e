// The live day on the page: one subscription to the BFF's `live.feed` (server-sent events) shared by the banner,
// the guestbook and the phase-dependent dashboard. It opens as soon as the page is idle (at once on the wedding
// day), reopens with a fresh snapshot after a dropped connection or a new sign-in, and rests while the page is hidden.
import type { LiveState } from "@boda/server/contract/live-view";
import { useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { applyLiveEvent } from "./live-state";
import { useTRPC, useTRPCClient } from "./trpc";
import { useSession } from "./use-session";

export type LiveConnection = "waiting" | "connecting" | "live" | "reconnecting";

interface LiveContextValue {
  state: LiveState | undefined;
  connection: LiveConnection;
}

const LiveContext = createContext<LiveContextValue>({ state: undefined, connection: "waiting" });

/** How long a page waits, outside the wedding day, before opening its live stream (first paint comes first). */
const IDLE_START_MS = 1500;

export function LiveProvider({
  children,
  startAfterMs = IDLE_START_MS,
}: {
  children: ReactNode;
  startAfterMs?: number;
}) {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const { kind } = useSession();
  const config = useQuery(trpc.config.get.queryOptions());
  const [state, setState] = useState<LiveState>();
  const [connection, setConnection] = useState<LiveConnection>("waiting");
  const [visible, setVisible] = useState(() => document.visibilityState !== "hidden");
  const [started, setStarted] = useState(false);
  const phase = config.data?.phase;

  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState !== "hidden");
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  useEffect(() => {
    if (started || !phase) return;
    if (phase === "day-of" || startAfterMs === 0) {
      setStarted(true);
      return;
    }
    const timer = setTimeout(() => setStarted(true), startAfterMs);
    return () => clearTimeout(timer);
  }, [phase, started, startAfterMs]);

  useEffect(() => {
    // Wait for a remembered sign-in to be checked: the stream is shaped by who is looking.
    if (!started || !visible || kind === undefined) return;
    setConnection("connecting");
    const subscription = client.live.feed.subscribe(undefined, {
      onData: (event) => {
        setConnection("live");
        setState((current) => applyLiveEvent(current, event));
      },
      onConnectionStateChange: (change) => {
        if (change.state === "connecting") setConnection((current) => (current === "live" ? "reconnecting" : current));
      },
      onError: () => setConnection("reconnecting"),
    });
    return () => subscription.unsubscribe();
  }, [client, kind, started, visible]);

  return <LiveContext.Provider value={{ state, connection }}>{children}</LiveContext.Provider>;
}

export function useLive(): LiveContextValue {
  return useContext(LiveContext);
}

/** The phase of the wedding: live from the feed once it is connected, from the page's settings before that. */
export function useSitePhase(): LiveState["switches"]["phase"] | undefined {
  const trpc = useTRPC();
  const config = useQuery(trpc.config.get.queryOptions());
  return useLive().state?.switches.phase ?? config.data?.phase;
}
