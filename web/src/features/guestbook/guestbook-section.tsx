// The live guestbook: invited guests read every message as it is posted and post their own while the couple keeps
// it open. Messages are shown as text, never as HTML. Hidden by the couple, a message disappears from every page.
import { guestTextProblem, tidyGuestText } from "@boda/server/contract/guest-text-rules";
import { MAX_GUESTBOOK_CHARS } from "@boda/server/contract/guestbook-message";
import { type FormEvent, useId, useState } from "react";
import { WaitingList } from "../../components/waiting-list";
import { useUnsavedInput } from "../../lib/app-update";
import { useLive } from "../../lib/live";
import { useOutbox } from "../../lib/outbox/use-outbox";
import { useGuestbookPost } from "./api/use-guestbook-post";
import { useGuestbookText } from "./texts";

export function GuestbookSection({ timeZone }: { timeZone: string }) {
  const t = useGuestbookText();
  const { state } = useLive();
  if (!state?.guestbook) return null;
  const newestFirst = [...state.guestbook].reverse();
  const when = new Intl.DateTimeFormat(t.locale, {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  });
  return (
    <section className="section guestbook" aria-labelledby="guestbook-title">
      <h2 id="guestbook-title">{t.guestbookTitle}</h2>
      <p>{t.guestbookIntro}</p>
      {state.canPost ? <GuestbookForm /> : null}
      {newestFirst.length === 0 ? (
        <p className="muted">{t.guestbookEmpty}</p>
      ) : (
        <ul className="card-list" aria-live="polite">
          {newestFirst.map((entry) => (
            <li key={entry.id} className="card">
              <p className="message">{entry.message}</p>
              <p className="muted">
                — {entry.name} ·{" "}
                <time dateTime={new Date(entry.createdAt).toISOString()}>{when.format(entry.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Problem = "empty" | "too-long" | "control-characters" | "too-many" | "closed" | "network";

function GuestbookForm() {
  const t = useGuestbookText();
  const id = useId();
  const [message, setMessage] = useState("");
  const [problem, setProblem] = useState<Problem>();
  const [retryMinutes, setRetryMinutes] = useState(1);
  const [posted, setPosted] = useState(false);
  const outbox = useOutbox();
  useUnsavedInput(message.trim() !== "");
  const post = useGuestbookPost({
    onPosted: () => {
      setMessage("");
      setPosted(true);
    },
    onFailed: (failure) => {
      if (failure.problem === "too-many") setRetryMinutes(failure.retryMinutes);
      setProblem(failure.problem);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPosted(false);
    const found = guestTextProblem(message, { max: MAX_GUESTBOOK_CHARS, multiline: true, required: true });
    if (found && found !== "line-break") {
      setProblem(found);
      return;
    }
    if (!navigator.onLine) {
      // Kept on the device and sent when the connection returns (the list above the form says so).
      setProblem(undefined);
      setMessage("");
      void outbox.add({ kind: "guestbook", input: { message } });
      return;
    }
    setProblem(undefined);
    post.mutate(message);
  };

  const left = MAX_GUESTBOOK_CHARS - tidyGuestText(message).length;
  const text: Record<Problem, string> = {
    empty: t.problemEmpty,
    "too-long": t.problemTooLong(MAX_GUESTBOOK_CHARS),
    "control-characters": t.problemControlCharacters,
    "too-many": t.problemTooMany(retryMinutes),
    closed: t.problemClosed,
    network: t.problemNetwork,
  };
  const fieldProblem = problem === "empty" || problem === "too-long" || problem === "control-characters";
  return (
    <form className="guestbook-form" onSubmit={submit} noValidate>
      <WaitingList kind="guestbook" />
      <div className="field">
        <label htmlFor={`${id}-message`}>{t.messageLabel}</label>
        <textarea
          id={`${id}-message`}
          rows={3}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            setPosted(false);
          }}
          aria-invalid={fieldProblem || undefined}
          aria-describedby={`${id}-left${problem ? ` ${id}-problem` : ""}`}
        />
        <p id={`${id}-left`} className={left < 0 ? "field-error" : "muted field-hint"}>
          {t.charactersLeft(Math.max(0, left))}
        </p>
        {problem ? (
          <p id={`${id}-problem`} className="field-error" role="alert">
            {text[problem]}
          </p>
        ) : null}
      </div>
      <div className="actions">
        <button type="submit" className="button" disabled={post.isPending}>
          {post.isPending ? t.publishing : t.publish}
        </button>
        <p role="status" className="muted">
          {posted ? t.published : ""}
        </p>
      </div>
    </form>
  );
}
