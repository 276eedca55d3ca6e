// The places of the wedding with directions links; only places of events the viewer may see.
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { Slug } from "../contract/content";
import { mapLinks } from "../contract/map-links";
import type { LocationView } from "../contract/site-view";
import { publicProcedure, router } from "../trpc";
import { requirePublished, visibleEvents } from "./published";

export const LocationsListInput = z
  .strictObject({
    /** Only the place of this event ("Cómo llegar" from an event card). */
    eventId: Slug.optional(),
  })
  .optional();

export const locationsRouter = router({
  list: publicProcedure.input(LocationsListInput).query(async ({ ctx, input }): Promise<LocationView[]> => {
    const { content } = await requirePublished(ctx);
    const events = visibleEvents(content, ctx.viewer.tags);
    const eventId = input?.eventId;
    const shownEvents = eventId ? events.filter((event) => event.id === eventId) : events;
    if (eventId && shownEvents.length === 0) {
      throw new TRPCError({ code: "NOT_FOUND", message: `There is no event "${eventId}" on the program.` });
    }
    const usedIds = new Set(shownEvents.map((event) => event.locationId));
    // Places not tied to any event (a car park, a hotel) are for everyone, unless one event was asked for.
    const unattached = new Set(
      content.locations.map((l) => l.id).filter((id) => !content.events.some((e) => e.locationId === id)),
    );
    return content.locations
      .filter((location) => usedIds.has(location.id) || (!eventId && unattached.has(location.id)))
      .map((location) => ({ ...location, links: mapLinks(location) }));
  }),
});
