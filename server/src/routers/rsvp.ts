// Answering the invitation: a household saves its answer (checked against its invitation, the deadline and the
// `rsvp_open` switch); the couple follows everyone's answers.
import { randomUUID } from "node:crypto";
import { formatPath } from "../contract/issues";
import type { Rsvp } from "../contract/rsvp";
import { RsvpInput } from "../contract/rsvp";
import { invitationTerms, rsvpProblems, storedRsvp } from "../contract/rsvp-rules";
import { type HouseholdStatus, statusOf, type Totals, totals } from "../contract/rsvp-totals";
import { GuestError } from "../errors";
import { coupleProcedure, guestProcedure, router } from "../trpc";
import { invitationView } from "../views/invitation-view";
import { requirePublished } from "../views/published";

export interface RsvpOverview {
  totals: Totals;
  households: Array<{
    key: string;
    displayName: string;
    seats: number;
    status: HouseholdStatus;
    coming: number;
    respondedAt?: string;
    message?: string;
  }>;
}

export const rsvpRouter = router({
  submit: guestProcedure.input(RsvpInput).mutation(async ({ ctx, input }): Promise<Rsvp> => {
    const { household } = ctx.viewer;
    const invitation = await invitationView(ctx.services, household);
    if (!invitation.window.open) {
      throw new GuestError(
        "FORBIDDEN",
        invitation.window.reason ?? "closed",
        invitation.window.reason === "deadline-passed"
          ? `Answers closed after ${invitation.window.deadline}; ask the couple if something changed.`
          : invitation.window.reason === "not-open-yet"
            ? "Answers open when the invitations go out."
            : "The couple is not taking answers right now.",
      );
    }
    const terms = invitationTerms(invitation);
    const problems = rsvpProblems(input, terms);
    if (problems.length > 0) {
      throw new GuestError(
        "BAD_REQUEST",
        "rsvp-rules",
        `The answer does not fit the invitation: ${problems.map((problem) => problem.message).join("; ")}.`,
        undefined,
        problems.map((problem) => ({ path: formatPath(problem.path), message: problem.message, code: problem.code })),
      );
    }
    return ctx.services.rsvps.save({
      householdKey: household.key,
      expectedRevision: input.expectedRevision,
      // Every page sends one; a caller that does not gets a fresh key (its retries are then new answers).
      submissionId: input.submissionId ?? randomUUID(),
      by: { kind: "household", uid: ctx.viewer.uid },
      now: ctx.services.now(),
      build: (meta) => storedRsvp(input, terms, { householdKey: household.key, ...meta }),
    });
  }),

  overview: coupleProcedure.query(async ({ ctx }): Promise<RsvpOverview> => {
    const [{ content }, households, answers] = await Promise.all([
      requirePublished(ctx.services),
      ctx.services.households.all(),
      ctx.services.rsvps.all(),
    ]);
    const byKey = new Map(answers.map((answer) => [answer.householdKey, answer]));
    const entries = households
      .map((household) => ({ household, rsvp: byKey.get(household.key) }))
      .toSorted((a, b) => a.household.displayName.localeCompare(b.household.displayName, "es"));
    return {
      totals: totals(entries, content),
      households: entries.map(({ household, rsvp }) => ({
        key: household.key,
        displayName: household.displayName,
        seats: household.seats,
        status: statusOf({ rsvp }),
        coming: rsvp?.people.filter((person) => Object.values(person.attending).some(Boolean)).length ?? 0,
        ...(rsvp ? { respondedAt: rsvp.respondedAt } : {}),
        ...(rsvp?.message ? { message: rsvp.message } : {}),
      })),
    };
  }),
});
