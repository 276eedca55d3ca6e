// The details of someone who is coming: which events (when there is more than one), the meal and dietary needs.
import { pickText } from "@boda/server/contract/language";
import { paths } from "../../config/paths";
import { formatShortDay, formatTime } from "../../lib/format-time";
import { useI18n } from "../../lib/i18n/language";
import { describedBy, FieldError, fieldId } from "./field-error";
import type { PersonFieldsProps } from "./person-fields";
import { needsMeal } from "./rsvp-draft";
import { useInvitationText } from "./texts";

/** Which events, the meal and dietary needs of someone who is coming. */
export function AttendingDetails({ person, index, invitation, onChange, problemFor }: PersonFieldsProps) {
  const { language } = useI18n();
  const t = useInvitationText();
  const eventsField = `people.${index}.events`;
  const mealField = `people.${index}.mealId`;
  const notesField = `people.${index}.dietaryNotes`;
  return (
    <>
      {invitation.events.length > 1 ? (
        <fieldset className="checks" {...describedBy(eventsField, problemFor(eventsField))}>
          <legend>{t.whichEvents}</legend>
          {invitation.events.map((event, at) => (
            <label key={event.id} className="check">
              <input
                type="checkbox"
                id={at === 0 ? fieldId(eventsField) : undefined}
                checked={person.events[event.id] === true}
                onChange={(change) => onChange({ events: { ...person.events, [event.id]: change.target.checked } })}
              />
              <span>
                {pickText(event.title, language)}{" "}
                <span className="muted">
                  ({formatShortDay(event.start, invitation.timeZone, t)} ·{" "}
                  {formatTime(event.start, invitation.timeZone, t)})
                </span>
              </span>
            </label>
          ))}
          <FieldError field={eventsField} problem={problemFor(eventsField)} />
        </fieldset>
      ) : null}
      {needsMeal(person, invitation) ? (
        <div className="field">
          <label htmlFor={fieldId(mealField)}>{t.mealLabel}</label>
          <select
            id={fieldId(mealField)}
            value={person.mealId}
            onChange={(event) => onChange({ mealId: event.target.value })}
            {...describedBy(mealField, problemFor(mealField))}
          >
            <option value="">{t.chooseMeal}</option>
            {invitation.meals.map((meal) => (
              <option key={meal.id} value={meal.id}>
                {pickText(meal.label, language)}
              </option>
            ))}
          </select>
          <FieldError field={mealField} problem={problemFor(mealField)} />
        </div>
      ) : null}
      <fieldset className="checks dietary">
        <legend>{t.dietaryLegend}</legend>
        {invitation.dietaryNeeds.map((need) => (
          <label key={need} className="check">
            <input
              type="checkbox"
              checked={person.dietary.includes(need)}
              onChange={(event) =>
                onChange({
                  dietary: event.target.checked
                    ? [...person.dietary, need]
                    : person.dietary.filter((each) => each !== need),
                })
              }
            />
            {t.dietaryNeeds[need]}
          </label>
        ))}
        <div className="field">
          <label htmlFor={fieldId(notesField)}>{t.dietaryNotesLabel}</label>
          <input
            id={fieldId(notesField)}
            value={person.dietaryNotes}
            onChange={(event) => onChange({ dietaryNotes: event.target.value })}
            {...describedBy(notesField, problemFor(notesField))}
          />
          <FieldError field={notesField} problem={problemFor(notesField)} />
        </div>
        {/* In another tab, so the answer being written is not lost. */}
        <a href={`#${paths.privacy.href()}`} target="_blank" rel="noopener">
          {t.dietaryPrivacyLink}
        </a>
      </fieldset>
    </>
  );
}
