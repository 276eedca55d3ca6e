// Invitations: redeeming an invite link (anyone, rate-limited), getting back in without it (an emailed sign-in link,
// auth/lost-invitation.ts), and a signed-in household's own invitation — the greeting, what it is invited to, its
// answer, until when it may change it, and its table in the last days.
import { z } from "zod";
import { guestProcedure, router, sessionlessProcedure } from "../trpc";
import { invitationView } from "../views/invitation-view";

export const RedeemInput = z.strictObject({
  /** As printed on the card or carried by the link; spaces, dashes and case are forgiven. */
  code: z.string().max(64, { error: "an invitation code has 16 letters and digits" }),
});

export const LostInvitationInput = z.strictObject({
  /** The email on the guest list, or a name (a member's, the household's, or a nickname the couple declared). */
  typed: z
    .string()
    .trim()
    .min(1, { error: "write your email or your name" })
    .max(200, { error: "an email or a name has at most 200 characters" }),
});

export const EmailLinkInput = z.strictObject({
  household: z.string().max(100, { error: "not a household of this wedding" }),
  /** The one-time code Firebase put in the emailed link. */
  oobCode: z.string().min(1).max(2048, { error: "not a sign-in link's code" }),
});

export const invitationsRouter = router({
  redeem: sessionlessProcedure
    .input(RedeemInput)
    .mutation(({ ctx, input }) => ctx.services.invitations.redeem(input.code, ctx.clientAddress)),

  /** "Lost your invitation?": the same answer whatever was typed; a sign-in link is emailed when it matches. */
  recover: sessionlessProcedure
    .input(LostInvitationInput)
    .mutation(({ ctx, input }) => ctx.services.lostInvitation.request(input.typed, ctx.clientAddress)),

  /** Opening the emailed sign-in link: the same custom token redeeming the household's code gives. */
  finishEmailLink: sessionlessProcedure
    .input(EmailLinkInput)
    .mutation(({ ctx, input }) => ctx.services.lostInvitation.finish(input.household, input.oobCode)),

  mine: guestProcedure.query(({ ctx }) => invitationView(ctx.services, ctx.viewer.household)),
});
