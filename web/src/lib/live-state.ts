// The page's copy of the day's live state, kept up to date event by event from `live.feed`. Pure, so the rules
// (a snapshot replaces everything; messages are added and removed by id) are tested on their own.
import type { LiveEvent, LiveState } from "@boda/server/contract/live-view";

export function applyLiveEvent(state: LiveState | undefined, event: LiveEvent): LiveState | undefined {
  switch (event.kind) {
    case "snapshot":
      return event.state;
    case "announcement":
      return state && { ...state, announcement: event.announcement };
    case "guestbook-added":
      if (!state?.guestbook || state.guestbook.some((message) => message.id === event.message.id)) return state;
      return { ...state, guestbook: [...state.guestbook, event.message] };
    case "guestbook-removed":
      if (!state?.guestbook) return state;
      return { ...state, guestbook: state.guestbook.filter((message) => message.id !== event.id) };
  }
}
