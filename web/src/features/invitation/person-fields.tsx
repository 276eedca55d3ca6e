// One person on the invitation in the answer form: a household member (named on the invitation) or a plus-one
// (named by the guest), each with the yes/no of coming and, when coming, the details of their attendance.
import type { Invitation } from "../../lib/trpc";
import { AttendingDetails } from "./attending-details";
import { describedBy, FieldError, fieldId } from "./field-error";
import type { DraftProblem, FieldKey, PersonDraft } from "./rsvp-draft";
import { useInvitationText } from "./texts";
import { YesNoChoice } from "./yes-no-choice";

export interface PersonFieldsProps {
  person: PersonDraft;
  index: number;
  invitation: Invitation;
  onChange: (change: Partial<PersonDraft>) => void;
  problemFor: (field: FieldKey) => DraftProblem | undefined;
}

export function MemberFields({ person, index, invitation, onChange, problemFor }: PersonFieldsProps) {
  const t = useInvitationText();
  return (
    <fieldset className="rsvp-group person">
      <legend>{person.child ? `${person.name} · ${t.child}` : person.name}</legend>
      <YesNoChoice
        field={`people.${index}.coming`}
        legend={t.personComing(person.name)}
        yesLabel={t.yesComing}
        noLabel={t.noComing}
        value={person.coming}
        onChange={(coming) => onChange({ coming })}
        problem={problemFor(`people.${index}.coming`)}
      />
      {person.coming ? <AttendingDetails {...{ person, index, invitation, onChange, problemFor }} /> : null}
    </fieldset>
  );
}

export function PlusOneFields({ person, index, invitation, onChange, problemFor }: PersonFieldsProps) {
  const t = useInvitationText();
  const plusOneNumber = index - invitation.household.members.length + 1;
  const nameField = `people.${index}.name`;
  return (
    <fieldset className="rsvp-group person">
      <legend>{t.plusOneLegend(plusOneNumber)}</legend>
      <YesNoChoice
        field={`people.${index}.coming`}
        legend={t.plusOneComing}
        yesLabel={t.yesComing}
        noLabel={t.noComing}
        value={person.coming}
        onChange={(coming) => onChange({ coming })}
        problem={problemFor(`people.${index}.coming`)}
      />
      {person.coming ? (
        <>
          <div className="field">
            <label htmlFor={fieldId(nameField)}>{t.plusOneName}</label>
            <input
              id={fieldId(nameField)}
              autoComplete="name"
              value={person.name}
              onChange={(event) => onChange({ name: event.target.value })}
              {...describedBy(nameField, problemFor(nameField))}
            />
            <FieldError field={nameField} problem={problemFor(nameField)} />
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={person.child}
              onChange={(event) => onChange({ child: event.target.checked })}
            />
            {t.isChild}
          </label>
          <AttendingDetails {...{ person, index, invitation, onChange, problemFor }} />
        </>
      ) : null}
    </fieldset>
  );
}
