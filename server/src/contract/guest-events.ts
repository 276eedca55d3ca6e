// Which events a guest may see: those for everyone (no `visibleTo`) plus those shared with one of their tags.
// One rule for the page, the RSVP and the couple's reports.
import type { WeddingEvent } from "./content";

export function eventsForTags<E extends Pick<WeddingEvent, "visibleTo">>(
  events: readonly E[],
  tags: readonly string[],
): E[] {
  return events.filter((event) => event.visibleTo.length === 0 || event.visibleTo.some((tag) => tags.includes(tag)));
}
