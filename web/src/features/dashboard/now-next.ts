// On the wedding day: which event is on now and which comes next, judged against the events' wall-clock times in
// the wedding's time zone (a guest's phone set to another zone must not shift them).
import { zonedToInstant } from "../../lib/format-time";
import type { OpenSiteContent } from "../../lib/trpc";

type Event = OpenSiteContent["events"][number];

export function nowAndNext(events: readonly Event[], timeZone: string, now: Date): { now?: Event; next?: Event } {
  const timed = events
    .map((event) => ({
      event,
      start: zonedToInstant(event.start, timeZone).getTime(),
      end: zonedToInstant(event.end, timeZone).getTime(),
    }))
    .sort((a, b) => a.start - b.start);
  const at = now.getTime();
  return {
    now: timed.find((each) => each.start <= at && at < each.end)?.event,
    next: timed.find((each) => each.start > at)?.event,
  };
}
