// The answer form's one yes/no question (is this person coming, the couple's yes/no questions): two radio buttons
// in a fieldset named by its legend, so arrow keys move between them and a screen reader reads the question first.
import type { ReactNode } from "react";
import { describedBy, FieldError, fieldId } from "./field-error";
import type { DraftProblem, FieldKey } from "./rsvp-draft";

export function YesNoChoice({
  field,
  legend,
  yesLabel,
  noLabel,
  value,
  onChange,
  problem,
}: {
  field: FieldKey;
  legend: ReactNode;
  yesLabel: string;
  noLabel: string;
  value: boolean | null;
  onChange: (answer: boolean) => void;
  problem: DraftProblem | undefined;
}) {
  return (
    <fieldset className="choice" {...describedBy(field, problem)}>
      <legend>{legend}</legend>
      <div className="choice-options">
        {[
          { answer: true, label: yesLabel },
          { answer: false, label: noLabel },
        ].map((option) => (
          <label key={String(option.answer)} className="choice-option">
            <input
              type="radio"
              name={field}
              id={option.answer ? fieldId(field) : undefined}
              checked={value === option.answer}
              onChange={() => onChange(option.answer)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError field={field} problem={problem} />
    </fieldset>
  );
}
