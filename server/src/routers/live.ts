// The day, live: one subscription (tRPC over server-sent events) per open page carrying the announcement, the
// guestbook and the switches as they change. No polling: the BFF's own Realtime Database listeners feed it.
import { z } from "zod";
import { liveEvents } from "../live/live-feed";
import { publicProcedure, router } from "../trpc";

export const LiveFeedInput = z
  .strictObject({
    /** Sent back by the browser when it reconnects; the feed starts with a fresh snapshot either way. */
    lastEventId: z.string().max(64).nullish(),
  })
  .optional();

export const liveRouter = router({
  feed: publicProcedure.input(LiveFeedInput).subscription(({ ctx, signal }) => {
    const stop = signal ? AbortSignal.any([signal, ctx.services.shutdown]) : ctx.services.shutdown;
    return liveEvents(ctx.services, ctx.viewer, stop);
  }),
});
