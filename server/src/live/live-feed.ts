// What one open page receives over its live subscription: a snapshot when it connects (and again on every
// reconnection, so a dropped connection always catches up), then each change as it happens — all shaped by who is
// looking: the announcement for anyone who may see the program, the guestbook for invited guests while it is open.
import type { Viewer } from "../auth/viewer";
import type { Services } from "../context";
import type { LiveAnnouncementView, LiveEvent, LiveState, LiveSwitchesView } from "../contract/live-view";
import type { Switches } from "../contract/switches";
import type { LiveChange } from "./live-hub";

export function switchesView(switches: Switches): LiveSwitchesView {
  return {
    phase: switches.site_phase,
    rsvp: { open: switches.rsvp_open, deadline: switches.rsvp_deadline },
    guestbookEnabled: switches.guestbook_enabled,
  };
}

function rights(viewer: Viewer, switches: Switches) {
  const seesProgram = viewer.kind !== "stranger" || switches.stranger_visibility !== "nothing";
  const readsGuestbook = viewer.kind !== "stranger" && switches.guestbook_enabled;
  return { seesProgram, readsGuestbook, canPost: viewer.kind === "household" && switches.guestbook_enabled };
}

export function liveState(services: Services, viewer: Viewer): LiveState {
  const switches = services.switches.current();
  const { seesProgram, readsGuestbook, canPost } = rights(viewer, switches);
  const { announcement, guestbook } = services.live.current();
  return {
    switches: switchesView(switches),
    announcement: seesProgram && announcement ? announcementView(announcement) : null,
    guestbook: readsGuestbook ? guestbook : null,
    canPost,
  };
}

function announcementView(announcement: { message: string; updatedAt: number }): LiveAnnouncementView {
  return { message: announcement.message, at: new Date(announcement.updatedAt).toISOString() };
}

/** A hub change as this viewer should see it, or nothing when it is not theirs to see. */
function eventFor(change: LiveChange, services: Services, viewer: Viewer): LiveEvent | undefined {
  const { seesProgram, readsGuestbook } = rights(viewer, services.switches.current());
  if (change.kind === "announcement") {
    return seesProgram
      ? { kind: "announcement", announcement: change.announcement && announcementView(change.announcement) }
      : undefined;
  }
  return readsGuestbook ? change : undefined;
}

/**
 * The subscription's stream: ends when the page goes away or the server shuts down (`signal`), so an open stream
 * never holds up a shutdown.
 */
export async function* liveEvents(services: Services, viewer: Viewer, signal: AbortSignal): AsyncGenerator<LiveEvent> {
  const queue: LiveEvent[] = [];
  let wake: (() => void) | undefined;
  const push = (event: LiveEvent) => {
    queue.push(event);
    wake?.();
  };
  const stopLive = services.live.subscribe((change) => {
    const event = eventFor(change, services, viewer);
    if (event) push(event);
  });
  // A switch change can change everything this viewer sees (the phase, the guestbook opening): send it all again.
  const stopSwitches = services.switches.subscribe(() =>
    push({ kind: "snapshot", state: liveState(services, viewer) }),
  );
  const onAbort = () => wake?.();
  signal.addEventListener("abort", onAbort);
  try {
    yield { kind: "snapshot", state: liveState(services, viewer) };
    while (!signal.aborted) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        // An event or the end may have come between the checks above and here.
        if (signal.aborted || queue.length > 0) resolve();
      });
      wake = undefined;
    }
  } finally {
    stopLive();
    stopSwitches();
    signal.removeEventListener("abort", onAbort);
  }
}
