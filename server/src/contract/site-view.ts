// What the BFF sends the page: the content shaped for one viewer (what they may see, and only that), plus derived
// map links, the household's own invitation, and the switches the page needs.
import type { Content, Location, MealOption, RsvpQuestion, WeddingEvent } from "./content";
import type { ContentChange } from "./content-change";
import type { Member } from "./household";
import type { Language, LocalizedText } from "./language";
import type { MapLinks } from "./map-links";
import type { DietaryNeed, Rsvp } from "./rsvp";
import type { RsvpWindow } from "./rsvp-window";
import type { Switches } from "./switches";

export type LocationView = Location & { links: MapLinks };

/** An event as a guest sees it: which guest tags may see it is the BFF's business, not the page's. */
export type EventView = Omit<WeddingEvent, "visibleTo"> & { locationName: string; locationAddress: string };

/** A contact; phone numbers are left out where the viewer may not see them. */
export interface ContactView {
  name: string;
  role: LocalizedText;
  phone?: string;
  whatsapp?: string;
}

/**
 * How much of the page the viewer gets: `invited-only` (a stranger while `stranger_visibility` is `nothing`: the
 * couple's names and how to get in), `basics` (a stranger: couple, date, public events and places), `full`.
 */
export type SiteAccess = "invited-only" | "basics" | "full";

interface SiteViewCommon {
  couple: { names: Content["couple"]["names"]; story?: LocalizedText };
  theme: Content["theme"];
  contacts: ContactView[];
  /** Increases with every published change; lets caches and the page tell versions apart. */
  version: number;
}

export interface InvitedOnlySiteView extends SiteViewCommon {
  access: "invited-only";
}

export interface OpenSiteView extends SiteViewCommon {
  access: "basics" | "full";
  wedding: Content["wedding"];
  hero: Content["hero"];
  events: EventView[];
  accommodations: Content["accommodations"];
  faq: Content["faq"];
  gifts: Content["gifts"] | null;
  /** Moved times and places of the viewer's events, newest first. */
  changes: ContentChange[];
  weatherNote: LocalizedText | null;
  photos: Content["photos"];
}

export type SiteView = InvitedOnlySiteView | OpenSiteView;

/** A signed-in household's own invitation: the greeting, what it may answer, its answer, and until when. */
export interface InvitationView {
  household: {
    key: string;
    displayName: string;
    language: Language;
    seats: number;
    members: Member[];
    plusOnes: number;
  };
  /** The events the household is invited to, in program order. */
  events: Array<Pick<WeddingEvent, "id" | "title" | "start" | "end" | "meal">>;
  meals: MealOption[];
  questions: RsvpQuestion[];
  dietaryNeeds: readonly DietaryNeed[];
  rsvp: Rsvp | null;
  window: RsvpWindow;
  /** The wedding's time zone, for showing the deadline. */
  timeZone: string;
  /** Where the household sits, in the wedding's last days (views/audience-view.ts `seatingFor`); else null. */
  seating: SeatingView | null;
}

/** A household's table, and the members who sit elsewhere. */
export interface SeatingView {
  /** The household's table; null when only some members have one. */
  table: string | null;
  members: Array<{ name: string; table: string }>;
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
  /**
   * The Google Cloud region the deploy put the BFF in (`SERVICE_REGION`, set by `pnpm deploy` from firebase.json),
   * shown in the privacy notice; unset on a local stack.
   */
  serviceRegion?: string;
}

export interface SiteSwitchesView {
  phase: Switches["site_phase"];
  rsvp: { open: boolean; deadline: string };
  guestbookEnabled: boolean;
  firebase: FirebaseWebConfig;
  /** Whether guests can opt in to day-of push messages (a real project with a web push key). */
  push: boolean;
}
