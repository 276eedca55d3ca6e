// The rules an RSVP must follow for one household's invitation (who may answer, which events, meals, questions),
// shared by the form (errors next to each field, in the guest's language) and the BFF (which refuses what breaks
// them). Each problem has a stable code the page translates; the message is for developers and logs.

import { isAttendingAnything } from "./attendance";
import type { RsvpQuestion } from "./content";
import type { Member } from "./household";
import { PLUS_ONE_ID, plusOneId, type Rsvp, type RsvpInput, type RsvpPerson } from "./rsvp";

/** What the household was invited to: the terms its answer is checked against. */
export interface InvitationTerms {
  members: readonly Member[];
  /** Unnamed seats the household may fill with guests it names. */
  plusOnes: number;
  /** The events the household is invited to. */
  events: ReadonlyArray<{ id: string; meal: boolean }>;
  /** Ids of the content's meal options (empty: no meal choice is asked). */
  mealIds: readonly string[];
  questions: readonly RsvpQuestion[];
}

export const RSVP_PROBLEM_CODES = [
  "unknown-person",
  "duplicate-person",
  "missing-member",
  "too-many-people",
  "plus-one-name-required",
  "member-details-fixed",
  "unknown-event",
  "missing-event",
  "meal-required",
  "meal-not-needed",
  "unknown-meal",
  "unknown-question",
  "answer-type",
  "unknown-option",
] as const;
export type RsvpProblemCode = (typeof RSVP_PROBLEM_CODES)[number];

export interface RsvpProblem {
  path: Array<string | number>;
  code: RsvpProblemCode;
  message: string;
}

/** Every way `input` breaks the household's terms; empty when it may be saved. */
export function rsvpProblems(input: RsvpInput, terms: InvitationTerms): RsvpProblem[] {
  const problems: RsvpProblem[] = [];
  const add = (path: RsvpProblem["path"], code: RsvpProblemCode, message: string) =>
    problems.push({ path, code, message });
  const memberIds = new Set(terms.members.map((member) => member.id));
  const plusOneIds = new Set(Array.from({ length: terms.plusOnes }, (_, index) => plusOneId(index)));
  const eventIds = new Set(terms.events.map((event) => event.id));
  const mealEvents = new Set(terms.events.filter((event) => event.meal).map((event) => event.id));
  const seen = new Set<string>();

  if (input.people.length > terms.members.length + terms.plusOnes) {
    add(
      ["people"],
      "too-many-people",
      `at most ${terms.members.length + terms.plusOnes} people (the invitation's seats) may answer`,
    );
  }
  input.people.forEach((person, index) => {
    const at = (...rest: Array<string | number>) => ["people", index, ...rest];
    if (seen.has(person.personId)) add(at("personId"), "duplicate-person", `"${person.personId}" answers twice`);
    seen.add(person.personId);
    const isMember = memberIds.has(person.personId);
    if (!isMember && !plusOneIds.has(person.personId)) {
      const hint = terms.plusOnes > 0 ? ` or a plus-one (plus-1…plus-${terms.plusOnes})` : "";
      add(at("personId"), "unknown-person", `"${person.personId}" is not a member of this household${hint}`);
    }
    if (isMember && (person.name !== undefined || person.child !== undefined)) {
      add(at("name"), "member-details-fixed", "named members keep the name and age on the invitation");
    }
    if (!isMember && PLUS_ONE_ID.test(person.personId) && !person.name) {
      add(at("name"), "plus-one-name-required", "a plus-one who answers needs a name");
    }
    for (const eventId of Object.keys(person.attending)) {
      if (!eventIds.has(eventId)) add(at("attending", eventId), "unknown-event", `not invited to "${eventId}"`);
    }
    for (const eventId of eventIds) {
      if (!(eventId in person.attending)) {
        add(at("attending", eventId), "missing-event", `say whether this person comes to "${eventId}"`);
      }
    }
    const eatsAtSomeEvent = [...mealEvents].some((eventId) => person.attending[eventId]);
    if (person.mealId !== undefined) {
      if (!terms.mealIds.includes(person.mealId)) {
        add(
          at("mealId"),
          "unknown-meal",
          `unknown meal "${person.mealId}"; choose one of: ${terms.mealIds.join(", ")}`,
        );
      } else if (!eatsAtSomeEvent) {
        add(at("mealId"), "meal-not-needed", "a meal is chosen only by people coming to an event with a meal");
      }
    } else if (eatsAtSomeEvent && terms.mealIds.length > 0) {
      add(at("mealId"), "meal-required", `choose a meal: ${terms.mealIds.join(", ")}`);
    }
  });
  for (const member of terms.members) {
    if (!seen.has(member.id)) add(["people"], "missing-member", `${member.name} (${member.id}) has no answer`);
  }

  for (const [questionId, answer] of Object.entries(input.answers)) {
    const question = terms.questions.find((candidate) => candidate.id === questionId);
    const at = ["answers", questionId];
    if (!question) {
      add(at, "unknown-question", `there is no question "${questionId}"`);
    } else if (question.kind === "yes-no" ? typeof answer !== "boolean" : typeof answer !== "string") {
      add(at, "answer-type", question.kind === "yes-no" ? "must be true or false" : "must be text");
    } else if (question.kind === "choice" && !question.options.some((option) => option.id === answer)) {
      add(at, "unknown-option", `choose one of: ${question.options.map((option) => option.id).join(", ")}`);
    }
  }
  return problems;
}

/** The answer as stored: members' names and ages come from the invitation, never from the form. */
export function storedRsvp(
  input: RsvpInput,
  terms: InvitationTerms,
  meta: { householdKey: string; respondedAt: string; revision: number },
): Rsvp {
  const people: RsvpPerson[] = input.people.map((person) => {
    const member = terms.members.find((candidate) => candidate.id === person.personId);
    const coming = isAttendingAnything(person);
    return {
      personId: person.personId,
      name: member?.name ?? person.name ?? person.personId,
      child: member?.child ?? person.child ?? false,
      attending: person.attending,
      // Nobody cooks for someone who is not coming: their meal and needs are dropped.
      ...(coming && person.mealId ? { mealId: person.mealId } : {}),
      dietary: coming ? person.dietary : [],
      ...(coming && person.dietaryNotes ? { dietaryNotes: person.dietaryNotes } : {}),
    };
  });
  // Empty answers ("" for a skipped text question) are not answers.
  const answers = Object.fromEntries(Object.entries(input.answers).filter(([, answer]) => answer !== ""));
  return {
    householdKey: meta.householdKey,
    people,
    answers,
    ...(input.message ? { message: input.message } : {}),
    respondedAt: meta.respondedAt,
    revision: meta.revision,
  };
}

/** The terms of a household's invitation, from what the BFF hands the page (so both check the same thing). */
export function invitationTerms(invitation: {
  household: { members: readonly Member[]; plusOnes: number };
  events: ReadonlyArray<{ id: string; meal: boolean }>;
  meals: ReadonlyArray<{ id: string }>;
  questions: readonly RsvpQuestion[];
}): InvitationTerms {
  return {
    members: invitation.household.members,
    plusOnes: invitation.household.plusOnes,
    events: invitation.events,
    mealIds: invitation.meals.map((meal) => meal.id),
    questions: invitation.questions,
  };
}
