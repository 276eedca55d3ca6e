// The RSVP form's state and its rules: a draft the guest edits field by field, turned into the `RsvpInput` the
// BFF takes, and checked with the same schema and rules the BFF applies, so errors show next to each field first.

import { isAttendingAnything } from "@boda/server/contract/attendance";
import type { DietaryNeed } from "@boda/server/contract/rsvp";
import { plusOneId, RsvpInput } from "@boda/server/contract/rsvp";
import { invitationTerms, type RsvpProblemCode, rsvpProblems } from "@boda/server/contract/rsvp-rules";
import type { Invitation } from "../../lib/trpc";

export interface PersonDraft {
  personId: string;
  /** Named on the invitation (name and age fixed) or a plus-one the household names. */
  member: boolean;
  name: string;
  child: boolean;
  /** null until the guest says; plus-ones start as not coming (an empty seat needs no answer). */
  coming: boolean | null;
  /** Event id → coming to it, when coming at all. */
  events: Record<string, boolean>;
  mealId: string;
  dietary: DietaryNeed[];
  dietaryNotes: string;
}

export interface RsvpDraft {
  people: PersonDraft[];
  /** Question id → answer; null or "" when skipped (questions are optional). */
  answers: Record<string, string | boolean | null>;
  message: string;
  /** The stored revision this draft started from (0 before the first answer). */
  revision: number;
}

/** The form's starting point: the stored answer where there is one, else everyone undecided. */
export function draftFromInvitation(invitation: Invitation): RsvpDraft {
  const stored = new Map((invitation.rsvp?.people ?? []).map((person) => [person.personId, person]));
  const allEvents = Object.fromEntries(invitation.events.map((event) => [event.id, true]));
  const person = (personId: string, member: boolean, name: string, child: boolean): PersonDraft => {
    const answer = stored.get(personId);
    const coming = answer ? isAttendingAnything(answer) : member ? null : false;
    return {
      personId,
      member,
      name: answer?.name ?? name,
      child: answer?.child ?? child,
      coming,
      // Someone who said no starts from "every event" if they change their mind.
      events: answer && coming ? { ...allEvents, ...answer.attending } : allEvents,
      mealId: answer?.mealId ?? "",
      dietary: answer?.dietary ?? [],
      dietaryNotes: answer?.dietaryNotes ?? "",
    };
  };
  return {
    people: [
      ...invitation.household.members.map((member) => person(member.id, true, member.name, member.child)),
      ...Array.from({ length: invitation.household.plusOnes }, (_, index) =>
        person(plusOneId(index), false, "", false),
      ),
    ],
    answers: Object.fromEntries(
      invitation.questions.map((question) => [question.id, invitation.rsvp?.answers[question.id] ?? null]),
    ),
    message: invitation.rsvp?.message ?? "",
    revision: invitation.rsvp?.revision ?? 0,
  };
}

/**
 * An answer that waited on the device (sent offline) back in the form, over the household's latest saved revision:
 * what the guest reviews and sends again after another device changed the answer meanwhile.
 */
export function draftFromQueuedAnswer(queued: Omit<RsvpInput, "submissionId">, latest: Invitation): RsvpDraft {
  // draftFromInvitation reads only the saved answer's people, answers and message, which the queued answer has.
  const asSaved = { people: queued.people, answers: queued.answers, message: queued.message } as Invitation["rsvp"];
  return { ...draftFromInvitation({ ...latest, rsvp: asSaved }), revision: latest.rsvp?.revision ?? 0 };
}

/** Whether this person must choose a meal: coming to an event that serves one, and the menu has options. */
export function needsMeal(person: PersonDraft, invitation: Invitation): boolean {
  return (
    person.coming === true &&
    invitation.meals.length > 0 &&
    invitation.events.some((event) => event.meal && person.events[event.id])
  );
}

/** A field of the form: `people.2.name`, `answers.cancion`, `message`, or `form` for the whole answer. */
export type FieldKey = string;

export type DraftProblemCode =
  | RsvpProblemCode
  | "attendance-required"
  | "pick-an-event"
  | "too-long"
  | "control-characters"
  | "line-break"
  | "invalid";

export interface DraftProblem {
  field: FieldKey;
  code: DraftProblemCode;
  /** For "too-long": the most characters allowed. */
  max?: number;
}

/** The answer the BFF takes, with the draft index of each person (plus-ones who are not coming are left out). */
export function toInput(draft: RsvpDraft, invitation: Invitation): { input: unknown; draftIndex: number[] } {
  const draftIndex: number[] = [];
  const people = draft.people.flatMap((person, index) => {
    if (!person.member && person.coming !== true) return [];
    draftIndex.push(index);
    const attending = Object.fromEntries(
      invitation.events.map((event) => [event.id, person.coming === true && person.events[event.id] === true]),
    );
    const coming = Object.values(attending).some(Boolean);
    return [
      {
        personId: person.personId,
        ...(person.member ? {} : { name: person.name, child: person.child }),
        attending,
        ...(coming && needsMeal(person, invitation) && person.mealId ? { mealId: person.mealId } : {}),
        dietary: coming ? person.dietary : [],
        ...(coming && person.dietaryNotes.trim() ? { dietaryNotes: person.dietaryNotes } : {}),
      },
    ];
  });
  const answers = Object.fromEntries(
    Object.entries(draft.answers).filter(([, answer]) => answer !== null && answer !== ""),
  );
  return {
    input: {
      people,
      answers,
      ...(draft.message.trim() ? { message: draft.message } : {}),
      expectedRevision: draft.revision,
    },
    draftIndex,
  };
}

/** Every problem of the draft, keyed by the field to show it next to; empty when it can be sent. */
export function draftProblems(
  draft: RsvpDraft,
  invitation: Invitation,
): { problems: DraftProblem[]; input?: RsvpInput } {
  const problems: DraftProblem[] = [];
  draft.people.forEach((person, index) => {
    if (person.member && person.coming === null)
      problems.push({ field: `people.${index}.coming`, code: "attendance-required" });
    if (person.coming && invitation.events.length > 1 && !invitation.events.some((event) => person.events[event.id])) {
      problems.push({ field: `people.${index}.events`, code: "pick-an-event" });
    }
  });
  if (problems.length > 0) return { problems };

  const { input, draftIndex } = toInput(draft, invitation);
  const parsed = RsvpInput.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const code = (issue as { params?: { code?: string } }).params?.code;
      problems.push({
        field: fieldOf(issue.path, draftIndex),
        code:
          issue.code === "too_big"
            ? "too-long"
            : code === "control-characters" || code === "line-break"
              ? code
              : "invalid",
        ...(issue.code === "too_big" ? { max: Number((issue as { maximum?: number | bigint }).maximum) } : {}),
      });
    }
    return { problems };
  }
  for (const problem of rsvpProblems(parsed.data, invitationTerms(invitation))) {
    problems.push({ field: fieldOf(problem.path, draftIndex), code: problem.code });
  }
  return problems.length > 0 ? { problems } : { problems, input: parsed.data };
}

/** An input path (`people.1.mealId`) → the draft field it came from (`people.3.mealId`). */
export function fieldOf(path: ReadonlyArray<PropertyKey>, draftIndex: readonly number[]): FieldKey {
  const [first, second, third] = path;
  if (first === "people" && typeof second === "number") {
    const field =
      third === "attending" ? "events" : third === "personId" || third === undefined ? "coming" : String(third);
    return `people.${draftIndex[second] ?? second}.${field}`;
  }
  if (first === "answers" && second !== undefined) return `answers.${String(second)}`;
  if (first === "message") return "message";
  return "form";
}
