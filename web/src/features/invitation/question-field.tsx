// One of the couple's questions in the answer form: yes/no, a choice from their options, or free text.
import { pickText } from "@boda/server/contract/language";
import { useI18n } from "../../lib/i18n/language";
import type { Invitation } from "../../lib/trpc";
import { describedBy, FieldError, fieldId } from "./field-error";
import type { DraftProblem } from "./rsvp-draft";
import { useInvitationText } from "./texts";
import { YesNoChoice } from "./yes-no-choice";

export function QuestionField({
  question,
  value,
  onChange,
  problem,
}: {
  question: Invitation["questions"][number];
  value: string | boolean | null;
  onChange: (value: string | boolean | null) => void;
  problem: DraftProblem | undefined;
}) {
  const { language } = useI18n();
  const t = useInvitationText();
  const field = `answers.${question.id}`;
  const label = pickText(question.label, language);
  if (question.kind === "yes-no") {
    return (
      <YesNoChoice
        field={field}
        legend={label}
        yesLabel={t.yes}
        noLabel={t.no}
        value={typeof value === "boolean" ? value : null}
        onChange={onChange}
        problem={problem}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={fieldId(field)}>{label}</label>
      {question.kind === "choice" ? (
        <select
          id={fieldId(field)}
          value={typeof value === "string" ? value : ""}
          onChange={(event) => onChange(event.target.value || null)}
          {...describedBy(field, problem)}
        >
          <option value="">{t.noAnswer}</option>
          {question.options.map((option) => (
            <option key={option.id} value={option.id}>
              {pickText(option.label, language)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={fieldId(field)}
          value={typeof value === "string" ? value : ""}
          onChange={(event) => onChange(event.target.value)}
          {...describedBy(field, problem)}
        />
      )}
      <FieldError field={field} problem={problem} />
    </div>
  );
}
