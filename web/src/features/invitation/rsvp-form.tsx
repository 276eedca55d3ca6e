// The household's answer, person by person: coming or not (to which events), the plus-ones' names, meals, dietary
// needs, the couple's questions and a message. Errors show next to their field in the guest's language; a failed
// send keeps every answer and says what to do. Each answer sent carries an idempotency key, made once and reused
// on its retries: after an outcome the page does not know (no reply, a 5xx) it asks whether that key landed, and a
// retry can never save it twice.

import { isAttendingAnything } from "@boda/server/contract/attendance";
import { pickText } from "@boda/server/contract/language";
import type { RsvpInput } from "@boda/server/contract/rsvp";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { paths } from "../../config/paths";
import { track } from "../../lib/analytics";
import { useUnsavedInput } from "../../lib/app-update";
import { formatShortDay, formatTime } from "../../lib/format-time";
import { useI18n } from "../../lib/i18n/language";
import { errorReason, type Invitation, useTRPC, useTRPCClient } from "../../lib/trpc";
import { problemText } from "./problem-text";
import {
  type DraftProblem,
  draftFromInvitation,
  draftProblems,
  type FieldKey,
  fieldOf,
  needsMeal,
  type PersonDraft,
  type RsvpDraft,
  toInput,
} from "./rsvp-draft";
import { useInvitationText } from "./texts";

type Saved = NonNullable<Invitation["rsvp"]>;

/** The DOM id of a field, so errors can point at it and the first one can take focus. */
const fieldId = (field: FieldKey) => `rsvp-${field.replaceAll(".", "-")}`;
const errorId = (field: FieldKey) => `${fieldId(field)}-error`;

type SendProblem = "offline" | "network" | "server" | "conflict" | "closed";

export function RsvpForm({
  invitation,
  onSaved,
  onCancel,
}: {
  invitation: Invitation;
  onSaved: (saved: Saved) => void;
  onCancel?: () => void;
}) {
  const t = useInvitationText();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [initial] = useState<RsvpDraft>(() => draftFromInvitation(invitation));
  const [draft, setDraft] = useState<RsvpDraft>(initial);

  const [attempted, setAttempted] = useState(false);
  const [serverProblems, setServerProblems] = useState<DraftProblem[]>([]);
  const [sendProblem, setSendProblem] = useState<SendProblem>();
  const summaryRef = useRef<HTMLDivElement>(null);
  /** The answer last sent and its key; kept until its outcome is known, so a retry of the same answer reuses it. */
  const pending = useRef<{ key: string; sent: string } | null>(null);

  const saved = (rsvp: Saved) => {
    pending.current = null;
    queryClient.setQueryData(trpc.invitations.mine.queryKey(), { ...invitation, rsvp });
    track({
      name: "rsvp_sent",
      params: { coming: rsvp.people.filter(isAttendingAnything).length, people: rsvp.people.length },
    });
    onSaved(rsvp);
  };

  /** After an outcome the page does not know: did this key land? (`invitations.mine` names the last key applied.) */
  const landed = async (key: string): Promise<Saved | null> => {
    try {
      const latest = await queryClient.fetchQuery({ ...trpc.invitations.mine.queryOptions(), staleTime: 0 });
      return latest.rsvp?.submissionId === key ? latest.rsvp : null;
    } catch {
      return null;
    }
  };

  const failed = (error: unknown) => {
    const reason = errorReason(error);
    if (reason === "rsvp-rules") {
      const data = error instanceof TRPCClientError ? (error.data as { issues?: unknown } | undefined) : undefined;
      const issues = data?.issues as Array<{ path: string; code?: string }> | undefined;
      const { draftIndex } = toInput(draft, invitation);
      setServerProblems(
        (issues ?? []).map((issue) => ({
          field: fieldOf(parsePath(issue.path), draftIndex),
          code: (issue.code ?? "invalid") as DraftProblem["code"],
        })),
      );
      return;
    }
    if (reason === "answer-changed") setSendProblem("conflict");
    else if (reason === "deadline-passed" || reason === "closed" || reason === "not-open-yet") {
      setSendProblem("closed");
      void queryClient.invalidateQueries({ queryKey: trpc.invitations.mine.queryKey() });
    } else {
      const status = error instanceof TRPCClientError ? error.data?.httpStatus : undefined;
      setSendProblem(typeof status === "number" && status >= 500 ? "server" : "network");
    }
  };

  const send = useMutation({
    mutationFn: (input: RsvpInput) => client.rsvp.submit.mutate(input),
    onSuccess: (rsvp) => saved(rsvp),
    onError: async (error, input) => {
      const status = error instanceof TRPCClientError ? error.data?.httpStatus : undefined;
      // No reply, or 5xx: the answer may have landed. Ask; if not, the retry keeps the key and cannot save twice.
      const unknownOutcome = typeof status !== "number" || status >= 500;
      if (!unknownOutcome) pending.current = null;
      else if (input.submissionId) {
        const found = await landed(input.submissionId);
        if (found) {
          saved(found);
          return;
        }
      }
      failed(error);
    },
  });

  /** Sends the answer: the same answer sent again (a retry) keeps its key; a changed answer gets a new one. */
  const sendAnswer = (input: RsvpInput) => {
    const { submissionId: _, ...answer } = input;
    const sent = JSON.stringify(answer);
    const key = pending.current?.sent === sent ? pending.current.key : newSubmissionId();
    pending.current = { key, sent };
    send.mutate({ ...answer, submissionId: key });
  };

  // Until it is sent, what the guest changed must survive a new version of the page taking over.
  useUnsavedInput(draft !== initial && !send.isSuccess);

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
      setSendProblem("offline");
      return;
    }
    sendAnswer(checked.input);
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
              if (checked.input) sendAnswer(checked.input);
            }}
            onKeepMine={async () => {
              // Saving over the other device's answer, knowingly: take its revision and send again.
              const latest = await queryClient.fetchQuery({ ...trpc.invitations.mine.queryOptions(), staleTime: 0 });
              const next = { ...draft, revision: latest.rsvp?.revision ?? 0 };
              setDraft(next);
              setSendProblem(undefined);
              const checked = draftProblems(next, latest);
              if (checked.input) sendAnswer(checked.input);
            }}
            onLoadLatest={async () => {
              const latest = await queryClient.fetchQuery({ ...trpc.invitations.mine.queryOptions(), staleTime: 0 });
              setDraft(draftFromInvitation(latest));
              setSendProblem(undefined);
            }}
          />
        ) : null}
      </div>
      <div className="actions form-actions">
        <button type="submit" className="button" disabled={send.isPending}>
          {send.isPending ? t.sending : answered ? t.saveChanges : t.sendAnswer}
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

/** A UUID for one answer sent (crypto.randomUUID where the browser has it). */
function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `people[1].mealId` (the BFF's path format) → `["people", 1, "mealId"]`. */
function parsePath(path: string): Array<string | number> {
  return path
    .split(/\.|\[|\]/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function describedBy(field: FieldKey, problem: DraftProblem | undefined, hint?: string) {
  const ids = [hint, problem ? errorId(field) : undefined].filter(Boolean).join(" ");
  return { "aria-invalid": problem ? true : undefined, "aria-describedby": ids || undefined };
}

function FieldError({ field, problem }: { field: FieldKey; problem: DraftProblem | undefined }) {
  const t = useInvitationText();
  if (!problem) return null;
  return (
    <p className="field-error" id={errorId(field)}>
      {problemText(problem, t)}
    </p>
  );
}

interface PersonFieldsProps {
  person: PersonDraft;
  index: number;
  invitation: Invitation;
  onChange: (change: Partial<PersonDraft>) => void;
  problemFor: (field: FieldKey) => DraftProblem | undefined;
}

function ComingChoice({
  index,
  legend,
  value,
  onChange,
  problem,
}: {
  index: number;
  legend: ReactNode;
  value: boolean | null;
  onChange: (coming: boolean) => void;
  problem: DraftProblem | undefined;
}) {
  const t = useInvitationText();
  const field = `people.${index}.coming`;
  return (
    <fieldset className="choice" {...describedBy(field, problem)}>
      <legend>{legend}</legend>
      <div className="choice-options">
        {[
          { coming: true, label: t.yesComing },
          { coming: false, label: t.noComing },
        ].map((option) => (
          <label key={String(option.coming)} className="choice-option">
            <input
              type="radio"
              name={field}
              id={option.coming ? fieldId(field) : undefined}
              checked={value === option.coming}
              onChange={() => onChange(option.coming)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError field={field} problem={problem} />
    </fieldset>
  );
}

function MemberFields({ person, index, invitation, onChange, problemFor }: PersonFieldsProps) {
  const t = useInvitationText();
  return (
    <fieldset className="rsvp-group person">
      <legend>{person.child ? `${person.name} · ${t.child}` : person.name}</legend>
      <ComingChoice
        index={index}
        legend={t.personComing(person.name)}
        value={person.coming}
        onChange={(coming) => onChange({ coming })}
        problem={problemFor(`people.${index}.coming`)}
      />
      {person.coming ? <AttendingDetails {...{ person, index, invitation, onChange, problemFor }} /> : null}
    </fieldset>
  );
}

function PlusOneFields({ person, index, invitation, onChange, problemFor }: PersonFieldsProps) {
  const t = useInvitationText();
  const plusOneNumber = index - invitation.household.members.length + 1;
  const nameField = `people.${index}.name`;
  return (
    <fieldset className="rsvp-group person">
      <legend>{t.plusOneLegend(plusOneNumber)}</legend>
      <ComingChoice
        index={index}
        legend={t.plusOneComing}
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

/** Which events, the meal and dietary needs of someone who is coming. */
function AttendingDetails({ person, index, invitation, onChange, problemFor }: PersonFieldsProps) {
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

function QuestionField({
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
      <fieldset className="choice" {...describedBy(field, problem)}>
        <legend>{label}</legend>
        <div className="choice-options">
          {[
            { answer: true, text: t.yes },
            { answer: false, text: t.no },
          ].map((option) => (
            <label key={String(option.answer)} className="choice-option">
              <input
                type="radio"
                name={field}
                id={option.answer ? fieldId(field) : undefined}
                checked={value === option.answer}
                onChange={() => onChange(option.answer)}
              />
              {option.text}
            </label>
          ))}
        </div>
        <FieldError field={field} problem={problem} />
      </fieldset>
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

function SendProblemNotice({
  problem,
  invitation,
  onRetry,
  onKeepMine,
  onLoadLatest,
}: {
  problem: SendProblem;
  invitation: Invitation;
  onRetry: () => void;
  onKeepMine: () => void;
  onLoadLatest: () => void;
}) {
  const t = useInvitationText();
  if (problem === "conflict") {
    return (
      <div className="notice notice-error" role="alert">
        <p>{t.sendConflict}</p>
        <div className="actions">
          <button type="button" className="button" onClick={onLoadLatest}>
            {t.loadLatest}
          </button>
          <button type="button" className="button button-secondary" onClick={onKeepMine}>
            {t.keepMine}
          </button>
        </div>
      </div>
    );
  }
  const text = {
    offline: t.sendOffline,
    network: t.sendFailedNetwork,
    server: t.sendFailedServer,
    closed: invitation.window.reason === "deadline-passed" ? t.sendClosed : t.rsvpClosedByCouple,
  }[problem];
  return (
    <div className="notice notice-error" role="alert">
      <p>{text}</p>
      {problem === "closed" ? null : (
        <button type="button" className="button" onClick={onRetry}>
          {t.retry}
        </button>
      )}
    </div>
  );
}
