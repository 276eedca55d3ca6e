// The one place that decides what each viewer may see. A viewer belongs to an audience (a stranger under the
// `stranger_visibility` switch, a household's guest tags, or the couple); each audience's view of a published
// version is built once and reused until the next publish.
import type { Viewer } from "../auth/viewer";
import type { PublishedContent } from "../content/content-repository";
import type { Content } from "../contract/content";
import { eventsForTags } from "../contract/guest-events";
import { mapLinks } from "../contract/map-links";
import type { ContactView, LocationView, SeatingView, SiteView } from "../contract/site-view";
import type { SitePhase, Switches } from "../contract/switches";

export type Audience =
  | { kind: "stranger"; visibility: Switches["stranger_visibility"] }
  | { kind: "guest"; tags: readonly string[] }
  | { kind: "couple" };

export function audienceOf(viewer: Viewer, switches: Pick<Switches, "stranger_visibility">): Audience {
  switch (viewer.kind) {
    case "stranger":
      return { kind: "stranger", visibility: switches.stranger_visibility };
    case "household":
      return { kind: "guest", tags: viewer.household.tags };
    case "couple":
      return { kind: "couple" };
  }
}

/** Audiences that see the same thing share a key (households with the same tags, in any order). */
export function audienceKey(audience: Audience): string {
  if (audience.kind === "stranger") return `stranger:${audience.visibility}`;
  if (audience.kind === "couple") return "couple";
  return `guest:${[...new Set(audience.tags)].sort().join(",")}`;
}

export interface AudienceView {
  site: SiteView;
  /** The places of the events in `site`, plus places tied to no event (a car park, a hotel) unless invited-only. */
  locations: LocationView[];
}

/** Events the audience may see: untagged ones for everyone, tagged ones for those tags, all for the couple. */
export function eventsFor(content: Content, audience: Audience): Content["events"] {
  if (audience.kind === "couple") return content.events;
  return eventsForTags(content.events, audience.kind === "guest" ? audience.tags : []);
}

export function buildAudienceView(published: PublishedContent, audience: Audience): AudienceView {
  const { content, version, changes } = published;
  const visibility = audience.kind === "stranger" ? audience.visibility : "everything";
  const contacts = content.contacts.map(
    (contact): ContactView =>
      // Phone numbers are private details: a stranger gets them only when the couple chose "everything".
      visibility === "everything" ? contact : { name: contact.name, role: contact.role },
  );
  const common = { couple: { names: content.couple.names }, theme: content.theme, contacts, version };
  if (visibility === "nothing") {
    return { site: { ...common, access: "invited-only" }, locations: [] };
  }

  const events = eventsFor(content, audience);
  const shownEventIds = new Set(events.map((event) => event.id));
  const places = new Map(content.locations.map((location) => [location.id, location]));
  const full = visibility === "everything";
  const site: SiteView = {
    ...common,
    couple: content.couple,
    access: full ? "full" : "basics",
    wedding: content.wedding,
    hero: content.hero,
    events: events.map(({ visibleTo: _private, ...event }) => ({
      ...event,
      locationName: places.get(event.locationId)?.name ?? event.locationId,
      locationAddress: places.get(event.locationId)?.address ?? "",
    })),
    // Booking codes, bank details and the practical sections are for guests (or every visitor, if so chosen).
    accommodations: full ? content.accommodations : [],
    faq: full ? content.faq : [],
    gifts: full ? (content.gifts ?? null) : null,
    changes: changes.filter((change) => shownEventIds.has(change.eventId)),
    weatherNote: content.weatherNote ?? null,
    // Shared albums are for guests (or every visitor, if so chosen), like the other practical details.
    photos: full ? content.photos : [],
  };

  const usedLocationIds = new Set(events.map((event) => event.locationId));
  const eventLocationIds = new Set(content.events.map((event) => event.locationId));
  const locations = content.locations
    .filter((location) => usedLocationIds.has(location.id) || !eventLocationIds.has(location.id))
    .map((location) => ({ ...location, links: mapLinks(location) }));
  return { site, locations };
}

/** Builds each audience's view once per published version: a page view then costs no work but a lookup. */
export function createAudienceViews() {
  const byVersion = new WeakMap<PublishedContent, Map<string, AudienceView>>();
  return {
    viewFor(published: PublishedContent, audience: Audience): AudienceView {
      let views = byVersion.get(published);
      if (!views) {
        views = new Map();
        byVersion.set(published, views);
      }
      const key = audienceKey(audience);
      let view = views.get(key);
      if (!view) {
        view = buildAudienceView(published, audience);
        views.set(key, view);
      }
      return view;
    },
  };
}
export type AudienceViews = ReturnType<typeof createAudienceViews>;

/** The phases in which a household sees where it sits: the seating plan is settled by then, and asked about. */
const SEATING_PHASES: readonly SitePhase[] = ["wedding-week", "day-of"];

/**
 * Where the viewer's household sits at the dinner: its table, and each member's where it differs. Only a household
 * sees it, only its own, and only in the wedding's last days (before, the plan still changes); everyone else, never.
 */
export function seatingFor(viewer: Viewer, phase: SitePhase): SeatingView | null {
  if (viewer.kind !== "household" || !SEATING_PHASES.includes(phase)) return null;
  const { household } = viewer;
  const table = household.table ?? null;
  const members = household.members
    .filter((member) => member.table !== undefined && member.table !== table)
    .map((member) => ({ name: member.name, table: member.table as string }));
  return table === null && members.length === 0 ? null : { table, members };
}
