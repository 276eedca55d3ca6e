// The wedding as the viewer may see it: a stranger what `stranger_visibility` allows, a household its events.
import type { SiteView } from "../contract/site-view";
import { publicProcedure, router } from "../trpc";
import { viewOf } from "../views/published";

export const siteRouter = router({
  content: publicProcedure.query(async ({ ctx }): Promise<SiteView> => (await viewOf(ctx.services, ctx.viewer)).site),
});
