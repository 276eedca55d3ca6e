// A signed-in household's own invitation: the greeting, what it is invited to, its answer, until when it may
// change it, and its table in the last days. Shared by `invitations.mine` and `rsvp.submit`, which checks answers against the very same terms.
import { householdUid } from "../auth/viewer";
import type { Services } from "../context";
import { eventsForTags } from "../contract/guest-events";
import type { Household } from "../contract/household";
import { DIETARY_NEEDS } from "../contract/rsvp";
import { rsvpWindow } from "../contract/rsvp-window";
import type { InvitationView } from "../contract/site-view";
import { seatingFor } from "./audience-view";
import { requirePublished } from "./published";

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
