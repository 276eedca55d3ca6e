// A household's answer as it was saved: who comes to what, meals, dietary needs, answers and message.

import { isAttendingAnything } from "@boda/server/contract/attendance";
import { pickText } from "@boda/server/contract/language";
import { formatInstant } from "../../lib/format-time";
import { useI18n } from "../../lib/i18n/language";
import type { Invitation } from "../../lib/trpc";
import { useInvitationText } from "./texts";

export function RsvpSummary({ invitation }: { invitation: Invitation }) {
  const { language } = useI18n();
  const t = useInvitationText();
  const { rsvp } = invitation;
  if (!rsvp) return null;
  const titleOf = (eventId: string) => {
    const event = invitation.events.find((candidate) => candidate.id === eventId);
    return event ? pickText(event.title, language) : eventId;
  };
  const mealOf = (mealId: string) => {
    const meal = invitation.meals.find((candidate) => candidate.id === mealId);
    return meal ? pickText(meal.label, language) : mealId;
  };
  return (
    <div className="rsvp-summary">
      <ul className="card-list">
        {rsvp.people.map((person) => {
          const coming = isAttendingAnything(person);
          const events = Object.entries(person.attending)
            .filter(([, yes]) => yes)
            .map(([eventId]) => titleOf(eventId));
          const dietary = [...person.dietary.map((need) => t.dietaryNeeds[need]), person.dietaryNotes]
            .filter(Boolean)
            .join(", ");
          return (
            <li key={person.personId} className="card">
              <h3>{person.child ? `${person.name} · ${t.child}` : person.name}</h3>
              {coming ? (
                <dl className="details">
                  <div>
                    <dt>{t.summaryComingTo}</dt>
                    <dd>{events.join(", ")}</dd>
                  </div>
                  {person.mealId ? (
                    <div>
                      <dt>{t.mealLabel}</dt>
                      <dd>{mealOf(person.mealId)}</dd>
                    </div>
                  ) : null}
                  {dietary ? (
                    <div>
                      <dt>{t.dietaryLegend}</dt>
                      <dd>{dietary}</dd>
                    </div>
                  ) : null}
                </dl>
              ) : (
                <p>{t.noComing}</p>
              )}
            </li>
          );
        })}
      </ul>
      {invitation.questions.some((question) => question.id in rsvp.answers) || rsvp.message ? (
        <dl className="details rsvp-extra">
          {invitation.questions
            .filter((question) => question.id in rsvp.answers)
            .map((question) => {
              const answer = rsvp.answers[question.id];
              const shown =
                typeof answer === "boolean"
                  ? answer
                    ? t.yes
                    : t.no
                  : question.kind === "choice"
                    ? pickText(
                        question.options.find((option) => option.id === answer)?.label ?? { es: String(answer) },
                        language,
                      )
                    : String(answer);
              return (
                <div key={question.id}>
                  <dt>{pickText(question.label, language)}</dt>
                  <dd>{shown}</dd>
                </div>
              );
            })}
          {rsvp.message ? (
            <div>
              <dt>{t.summaryMessage}</dt>
              <dd className="message">{rsvp.message}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <p className="muted">{t.answeredOn(formatInstant(rsvp.respondedAt, invitation.timeZone, t))}</p>
    </div>
  );
}
