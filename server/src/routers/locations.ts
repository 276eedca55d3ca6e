// The places of the wedding with directions links; only places of events the viewer may see.
import { TRPCError } from "@trpc/server";
import { LocationsListInput } from "../contract/locations";
import type { LocationView } from "../contract/site-view";
import { publicProcedure, router } from "../trpc";
import { eventLocations, viewOf } from "../views/published";

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
