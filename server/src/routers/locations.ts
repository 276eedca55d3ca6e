// The places of the wedding with directions links; only places of events the viewer may see.
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { Slug } from "../contract/content";
import type { LocationView } from "../contract/site-view";
import { publicProcedure, router } from "../trpc";
import type { AudienceView } from "../views/audience-view";
import { viewOf } from "./published";

export const LocationsListInput = z
  .strictObject({
    /** Only the place of this event ("Cómo llegar" from an event card). */
    eventId: Slug.optional(),
  })
  .optional();

/** The place of one event on the viewer's program; undefined when the event is not on it. */
export function eventLocations({ site, locations }: AudienceView, eventId: string): LocationView[] | undefined {
  const event = site.access === "invited-only" ? undefined : site.events.find((each) => each.id === eventId);
  return event && locations.filter((location) => location.id === event.locationId);
}

export const locationsRouter = router({
  list: publicProcedure.input(LocationsListInput).query(async ({ ctx, input }): Promise<LocationView[]> => {
    const view = await viewOf(ctx.services, ctx.viewer);
    const eventId = input?.eventId;
    if (!eventId) return view.locations;
    const locations = eventLocations(view, eventId);
    if (locations) return locations;
    throw new TRPCError({ code: "NOT_FOUND", message: `There is no event "${eventId}" on the program.` });
  }),
});
