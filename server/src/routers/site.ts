// The public content query: everything the dashboard shows, filtered for the viewer.
import type { SiteView } from "../contract/site-view";
import { publicProcedure, router } from "../trpc";
import { requirePublished, visibleEvents } from "./published";

export const siteRouter = router({
  content: publicProcedure.query(async ({ ctx }): Promise<SiteView> => {
    const { content, version } = await requirePublished(ctx);
    const locationNames = new Map(content.locations.map((location) => [location.id, location.name]));
    return {
      couple: content.couple,
      wedding: content.wedding,
      hero: content.hero,
      events: visibleEvents(content, ctx.viewer.tags).map((event) => ({
        ...event,
        locationName: locationNames.get(event.locationId) ?? event.locationId,
      })),
      accommodations: content.accommodations,
      faq: content.faq,
      gifts: content.gifts ?? null,
      contacts: content.contacts,
      theme: content.theme,
      version,
    };
  }),
});
