// The guestbook: invited households post short messages while the couple keeps it open; everyone invited reads
// them live through `live.feed`.
import { GuestbookPostInput } from "../contract/guestbook";
import { GuestError } from "../errors";
import { guestProcedure, router } from "../trpc";

export const guestbookRouter = router({
  post: guestProcedure.input(GuestbookPostInput).mutation(async ({ ctx, input }): Promise<{ id: string }> => {
    if (!ctx.services.switches.current().guestbook_enabled) {
      throw new GuestError("FORBIDDEN", "guestbook-closed", "The couple has not opened the guestbook.");
    }
    return { id: await ctx.services.guestbook.post(ctx.viewer.household, input.message, input.postId) };
  }),
});
