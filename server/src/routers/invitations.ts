// Invitations: redeeming an invite link (anyone, rate-limited) and a signed-in household's own invitation — the
// greeting, what it is invited to, its answer and until when it may change it.
import { z } from "zod";
import { guestProcedure, router, sessionlessProcedure } from "../trpc";
import { invitationView } from "../views/invitation-view";

export const RedeemInput = z.strictObject({
  /** As printed on the card or carried by the link; spaces, dashes and case are forgiven. */
  code: z.string().max(64, { error: "an invitation code has 16 letters and digits" }),
});

export const invitationsRouter = router({
  redeem: sessionlessProcedure
    .input(RedeemInput)
    .mutation(({ ctx, input }) => ctx.services.invitations.redeem(input.code, ctx.clientAddress)),

  mine: guestProcedure.query(({ ctx }) => invitationView(ctx.services, ctx.viewer.household)),
});
