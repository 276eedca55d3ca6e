// What the BFF sends the page: content shaped for one viewer (their events only) plus derived map links.
import type { Content, Location, WeddingEvent } from "./content";
import type { ContentChange } from "./content-change";
import type { MapLinks } from "./map-links";
import type { Switches } from "./switches";

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
  /** Moved times and places of the viewer's events, newest first. */
  changes: ContentChange[];
  /** Increases with every published change; lets caches and the page tell versions apart. */
  version: number;
}

/** The Firebase web SDK's start-up settings, chosen by the server (emulators or a real project). */
export interface FirebaseWebConfig {
  projectId: string;
  apiKey: string;
  authDomain?: string;
  appId?: string;
  messagingSenderId?: string;
  /** The Auth emulator's URL in emulator mode; the browser signs in there instead of Google's servers. */
  authEmulatorUrl?: string;
  /** Analytics runs only with a measurement id (a real project); in emulator mode it is off. */
  measurementId?: string;
  /** Push messaging needs a VAPID key (a real project); in emulator mode it is off. */
  vapidKey?: string;
}

export interface SiteSwitchesView {
  phase: Switches["site_phase"];
  rsvp: { open: boolean; deadline: string };
  guestbookEnabled: boolean;
  firebase: FirebaseWebConfig;
}
