// The household's answer, person by person: coming or not (to which events), the plus-ones' names, meals, dietary
// needs, the couple's questions and a message. Errors show next to their field in the guest's language; a failed
// send keeps every answer and says what to do. Sending (and its safe retries) is `useRsvpAnswer`'s job; an answer
// sent offline goes to the outbox, which sends it when the connection returns.

import { type FormEvent, useEffect, useRef, useState } from "react";
import { useUnsavedInput } from "../../lib/app-update";
import { useOutbox } from "../../lib/outbox/use-outbox";
import type { Invitation } from "../../lib/trpc";
import { type SavedAnswer, type SendProblem, useRsvpAnswer } from "./api/use-rsvp-answer";
import { describedBy, FieldError, fieldId } from "./field-error";
import { MemberFields, PlusOneFields } from "./person-fields";
import { QuestionField } from "./question-field";
import {
  type DraftProblem,
  draftFromInvitation,
  draftProblems,
  type FieldKey,
  fieldOf,
  type PersonDraft,
  type RsvpDraft,
  toInput,
} from "./rsvp-draft";
import { SendProblemNotice } from "./send-problem-notice";
import { useInvitationText } from "./texts";

export function RsvpForm({
  invitation,
  onSaved,
  onQueued,
  onCancel,
  startFrom,
}: {
  invitation: Invitation;
  onSaved: (saved: SavedAnswer) => void;
  /** The answer was kept on the device, to be sent when the connection returns. */
  onQueued: () => void;
  onCancel?: () => void;
  /** Where the form starts instead of the saved answer (an answer that waited, back to review). */
  startFrom?: RsvpDraft;
}) {
  const t = useInvitationText();
  const outbox = useOutbox();
  const [initial] = useState<RsvpDraft>(() => startFrom ?? draftFromInvitation(invitation));
  const [draft, setDraft] = useState<RsvpDraft>(initial);

  const [attempted, setAttempted] = useState(false);
  const [serverProblems, setServerProblems] = useState<DraftProblem[]>([]);
  const [sendProblem, setSendProblem] = useState<SendProblem>();
  const summaryRef = useRef<HTMLDivElement>(null);

  const answer = useRsvpAnswer({
    invitation,
    onSaved,
    onFailed: (failure) => {
      if ("problem" in failure) {
        setSendProblem(failure.problem);
        return;
      }
      const { draftIndex } = toInput(draft, invitation);
      setServerProblems(
        failure.rules.map((issue) => ({
          field: fieldOf(parsePath(issue.path), draftIndex),
          code: (issue.code ?? "invalid") as DraftProblem["code"],
        })),
      );
    },
  });

  // Until it is sent, what the guest changed must survive a new version of the page taking over.
  useUnsavedInput(draft !== initial && !answer.isSuccess);

  const { problems: draftIssues } = attempted ? draftProblems(draft, invitation) : { problems: [] };
  const problems = [...draftIssues, ...serverProblems];
  const problemFor = (field: FieldKey) => problems.find((problem) => problem.field === field);

  const update = (change: (draft: RsvpDraft) => RsvpDraft) => {
    setDraft((current) => change(current));
    setServerProblems([]);
  };
  const updatePerson = (index: number, change: Partial<PersonDraft>) =>
    update((current) => ({
      ...current,
      people: current.people.map((person, at) => (at === index ? { ...person, ...change } : person)),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setSendProblem(undefined);
    const checked = draftProblems(draft, invitation);
    if (!checked.input) {
      const first = checked.problems[0];
      // Focus the first field to fix, so keyboard and screen-reader users land on it.
      queueMicrotask(() => document.getElementById(first ? fieldId(first.field) : "")?.focus());
      return;
    }
    if (!navigator.onLine) {
      const { submissionId: _, ...queued } = checked.input;
      void outbox.add({ kind: "rsvp", input: queued }).then(onQueued);
      return;
    }
    answer.send(checked.input);
  };

  useEffect(() => {
    if (sendProblem) summaryRef.current?.focus();
  }, [sendProblem]);

  const answered = invitation.rsvp !== null;
  return (
    <form className="rsvp-form" onSubmit={submit} noValidate aria-labelledby="rsvp-title">
      {attempted && problems.length > 0 ? (
        <div className="notice notice-error" role="alert">
          <p>{t.formHasErrors(problems.length)}</p>
        </div>
      ) : null}
      {draft.people.map((person, index) =>
        person.member ? (
          <MemberFields
            key={person.personId}
            person={person}
            index={index}
            invitation={invitation}
            onChange={(change) => updatePerson(index, change)}
            problemFor={problemFor}
          />
        ) : (
          <PlusOneFields
            key={person.personId}
            person={person}
            index={index}
            invitation={invitation}
            onChange={(change) => updatePerson(index, change)}
            problemFor={problemFor}
          />
        ),
      )}
      {invitation.questions.length > 0 ? (
        <fieldset className="rsvp-group">
          <legend>{t.questionsTitle}</legend>
          {invitation.questions.map((question) => (
            <QuestionField
              key={question.id}
              question={question}
              value={draft.answers[question.id] ?? null}
              onChange={(value) =>
                update((current) => ({ ...current, answers: { ...current.answers, [question.id]: value } }))
              }
              problem={problemFor(`answers.${question.id}`)}
            />
          ))}
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor={fieldId("message")}>{t.messageLabel}</label>
        <textarea
          id={fieldId("message")}
          rows={3}
          value={draft.message}
          onChange={(event) => update((current) => ({ ...current, message: event.target.value }))}
          {...describedBy("message", problemFor("message"))}
        />
        <FieldError field="message" problem={problemFor("message")} />
      </div>
      {problemFor("form") ? <FieldError field="form" problem={problemFor("form")} /> : null}

      <div ref={summaryRef} tabIndex={-1} className="send-problem-anchor">
        {sendProblem ? (
          <SendProblemNotice
            problem={sendProblem}
            invitation={invitation}
            onRetry={() => {
              const checked = draftProblems(draft, invitation);
              if (checked.input) answer.send(checked.input);
            }}
            onKeepMine={async () => {
              // Saving over the other device's answer, knowingly: take its revision and send again.
              const latest = await answer.fetchLatest();
              const next = { ...draft, revision: latest.rsvp?.revision ?? 0 };
              setDraft(next);
              setSendProblem(undefined);
              const checked = draftProblems(next, latest);
              if (checked.input) answer.send(checked.input);
            }}
            onLoadLatest={async () => {
              const latest = await answer.fetchLatest();
              setDraft(draftFromInvitation(latest));
              setSendProblem(undefined);
            }}
          />
        ) : null}
      </div>
      <div className="actions form-actions">
        <button type="submit" className="button" disabled={answer.isPending}>
          {answer.isPending ? t.sending : answered ? t.saveChanges : t.sendAnswer}
        </button>
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t.cancelEdit}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** `people[1].mealId` (the BFF's path format) → `["people", 1, "mealId"]`. */
function parsePath(path: string): Array<string | number> {
  return path
    .split(/\.|\[|\]/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
