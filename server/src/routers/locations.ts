// The places of the wedding with directions links; only places of events the viewer may see.
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { Slug } from "../contract/content";
import type { LocationView } from "../contract/site-view";
import { publicProcedure, router } from "../trpc";
import { viewOf } from "./published";

export const LocationsListInput = z
  .strictObject({
    /** Only the place of this event ("Cómo llegar" from an event card). */
    eventId: Slug.optional(),
  })
  .optional();

export const locationsRouter = router({
  list: publicProcedure.input(LocationsListInput).query(async ({ ctx, input }): Promise<LocationView[]> => {
    const { site, locations } = await viewOf(ctx.services, ctx.viewer);
    const eventId = input?.eventId;
    if (!eventId) return locations;
    const event = site.access === "invited-only" ? undefined : site.events.find((each) => each.id === eventId);
    if (!event) throw new TRPCError({ code: "NOT_FOUND", message: `There is no event "${eventId}" on the program.` });
    return locations.filter((location) => location.id === event.locationId);
  }),
});
