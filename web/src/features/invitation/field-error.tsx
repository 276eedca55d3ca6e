// How the answer form ties a field to its error: each field's DOM id (so an error can point at it and the first one
// can take focus), its aria-invalid/aria-describedby, and the error text shown under it in the guest's language.
import { problemText } from "./problem-text";
import type { DraftProblem, FieldKey } from "./rsvp-draft";
import { useInvitationText } from "./texts";

/** The DOM id of a field, so errors can point at it and the first one can take focus. */
export const fieldId = (field: FieldKey) => `rsvp-${field.replaceAll(".", "-")}`;
const errorId = (field: FieldKey) => `${fieldId(field)}-error`;

export function describedBy(field: FieldKey, problem: DraftProblem | undefined) {
  return { "aria-invalid": problem ? true : undefined, "aria-describedby": problem ? errorId(field) : undefined };
}

export function FieldError({ field, problem }: { field: FieldKey; problem: DraftProblem | undefined }) {
  const t = useInvitationText();
  if (!problem) return null;
  return (
    <p className="field-error" id={errorId(field)}>
      {problemText(problem, t)}
    </p>
  );
}
