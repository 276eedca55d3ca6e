// The RSVP form's problems in the guest's words: what is wrong with the field and how to put it right.
import type { DraftProblem } from "./rsvp-draft";
import type { InvitationText } from "./texts";

export function problemText(problem: DraftProblem, t: InvitationText): string {
  switch (problem.code) {
    case "attendance-required":
      return t.problemAttendanceRequired;
    case "pick-an-event":
      return t.problemPickAnEvent;
    case "plus-one-name-required":
      return t.problemPlusOneName;
    case "meal-required":
    case "unknown-meal":
      return t.problemMealRequired;
    case "too-long":
      return t.problemTooLong(problem.max ?? 0);
    case "control-characters":
      return t.problemControlCharacters;
    case "line-break":
      return t.problemLineBreak;
    case "answer-type":
    case "unknown-option":
    case "invalid":
      return t.problemInvalid;
    default:
      // The rest mean the page's copy of the invitation is out of date (the couple changed the guest list).
      return t.problemInvitationChanged;
  }
}
