// Dated records of changed event times or places (`contentChanges/{id}`), written by `seed content` in the same
// transaction as the content, so the page can tell guests what changed since they last looked.
import { z } from "zod";
import { LocalDateTime, Slug } from "./content";
import { LocalizedText } from "./localized";

export const EventPlace = z.strictObject({
  locationId: Slug,
  name: z.string(),
  address: z.string(),
});
export type EventPlace = z.infer<typeof EventPlace>;

export const EventTiming = z.strictObject({
  start: LocalDateTime,
  end: LocalDateTime,
  place: EventPlace,
});
export type EventTiming = z.infer<typeof EventTiming>;

export const CHANGED_FIELDS = ["start", "end", "place"] as const;

export const ContentChange = z.strictObject({
  eventId: Slug,
  eventTitle: LocalizedText,
  changed: z.array(z.enum(CHANGED_FIELDS)).min(1),
  before: EventTiming,
  after: EventTiming,
  /** ISO instant the change was published. */
  changedAt: z.iso.datetime(),
  /** The `site/content` version that introduced the change. */
  contentVersion: z.number().int().min(1),
});
export type ContentChange = z.infer<typeof ContentChange>;
