// What the BFF sends the page: content shaped for one viewer (their events only) plus derived map links.
import type { Content, Location, WeddingEvent } from "./content";
import type { MapLinks } from "./map-links";

export type LocationView = Location & { links: MapLinks };

export type EventView = WeddingEvent & { locationName: string };

export interface SiteView {
  couple: Content["couple"];
  wedding: Content["wedding"];
  hero: Content["hero"];
  events: EventView[];
  accommodations: Content["accommodations"];
  faq: Content["faq"];
  gifts: Content["gifts"] | null;
  contacts: Content["contacts"];
  theme: Content["theme"];
  /** Increases with every published change; lets caches and the page tell versions apart. */
  version: number;
}
