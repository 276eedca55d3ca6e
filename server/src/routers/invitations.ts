// Invitations: redeeming an invite link (anyone, rate-limited), getting back in without it (an emailed sign-in link,
// auth/lost-invitation.ts), and a signed-in household's own invitation — the greeting, what it is invited to, its
// answer, until when it may change it, and its table in the last days.
import { z } from "zod";
import { householdUid } from "../auth/viewer";
import type { Services } from "../context";
import { eventsForTags } from "../contract/guest-events";
import type { Household } from "../contract/household";
import { DIETARY_NEEDS } from "../contract/rsvp";
import { rsvpWindow } from "../contract/rsvp-window";
import type { InvitationView } from "../contract/site-view";
import { guestProcedure, router, sessionlessProcedure } from "../trpc";
import { seatingFor } from "../views/audience-view";
import { requirePublished } from "./published";

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

/** The household's invitation as of now; `submit` checks answers against the very same terms. */
export async function invitationView(services: Services, household: Household): Promise<InvitationView> {
  const { content } = await requirePublished(services);
  const switches = services.switches.current();
  const events = eventsForTags(content.events, household.tags)
    .toSorted((a, b) => a.start.localeCompare(b.start))
    .map(({ id, title, start, end, meal }) => ({ id, title, start, end, meal }));
  return {
    household: {
      key: household.key,
      displayName: household.displayName,
      language: household.language,
      seats: household.seats,
      members: household.members,
      plusOnes: household.plusOnes,
    },
    events,
    meals: content.meals,
    questions: content.rsvpQuestions,
    dietaryNeeds: DIETARY_NEEDS,
    rsvp: await services.rsvps.get(household.key),
    window: rsvpWindow(switches, content.wedding.timeZone, services.now()),
    timeZone: content.wedding.timeZone,
    seating: seatingFor({ kind: "household", uid: householdUid(household.key), household }, switches.site_phase),
  };
}

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
