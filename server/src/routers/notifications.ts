// Opting in to day-of push messages: the browser's messaging token is subscribed to its language's topic.
import { z } from "zod";
import { Language } from "../contract/localized";
import { guestProcedure, router } from "../trpc";

export const PushSubscribeInput = z.strictObject({
  /** The token Firebase Messaging gave this browser. */
  token: z
    .string()
    .min(1)
    .max(4096)
    .regex(/^[\w:.-]+$/, { error: "is not a messaging token" }),
  language: Language,
});

export const notificationsRouter = router({
  subscribe: guestProcedure.input(PushSubscribeInput).mutation(async ({ ctx, input }) => {
    await ctx.services.push.subscribe(input.token, input.language);
    return { topic: input.language };
  }),
});
