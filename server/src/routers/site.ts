// The public content query: everything the dashboard shows, filtered for the viewer.
import type { SiteView } from "../contract/site-view";
import { publicProcedure, router } from "../trpc";
import { requirePublished, visibleEvents } from "./published";

export const siteRouter = router({
  content: publicProcedure.query(async ({ ctx }): Promise<SiteView> => {
    const { content, version, changes } = await requirePublished(ctx);
    const locationNames = new Map(content.locations.map((location) => [location.id, location.name]));
    const events = visibleEvents(content, ctx.viewer.tags);
    const shownEventIds = new Set(events.map((event) => event.id));
    return {
      couple: content.couple,
      wedding: content.wedding,
      hero: content.hero,
      events: events.map((event) => ({
        ...event,
        locationName: locationNames.get(event.locationId) ?? event.locationId,
      })),
      accommodations: content.accommodations,
      faq: content.faq,
      gifts: content.gifts ?? null,
      contacts: content.contacts,
      theme: content.theme,
      changes: changes.filter((change) => shownEventIds.has(change.eventId)),
      version,
    };
  }),
});
