// "Confirmar asistencia" (#/confirmar): the household's answer — the form, the confirmation once sent, and the
// saved answer on every later visit, read-only once answers close. Loaded on demand: strangers never need it.
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { LoadError, Loading } from "../../components/query-status";
import { WaitingList } from "../../components/waiting-list";
import { paths } from "../../config/paths";
import { useSiteContent } from "../../lib/api/use-site-content";
import type { OutboxItem } from "../../lib/outbox/outbox";
import { useOutbox } from "../../lib/outbox/use-outbox";
import { useSession } from "../../lib/use-session";
import { useInvitation } from "./api/use-invitation";
import { CodeEntry } from "./code-entry";
import { LostInvitation } from "./lost-invitation";
import { draftFromQueuedAnswer, type RsvpDraft } from "./rsvp-draft";
import { RsvpForm } from "./rsvp-form";
import { RsvpSummary } from "./rsvp-summary";
import { useInvitationText } from "./texts";
import { rsvpStatus, windowNote } from "./welcome-card";

export function RsvpScreen() {
  const t = useInvitationText();
  const { kind } = useSession();
  const site = useSiteContent();
  return (
    <section className="screen" aria-labelledby="rsvp-title">
      <h1 id="rsvp-title" tabIndex={-1}>
        {t.rsvpTitle}
      </h1>
      {kind === undefined ? (
        <Loading />
      ) : kind === "household" ? (
        <HouseholdAnswer />
      ) : kind === "couple" ? (
        <p>
          {t.rsvpForCouple} <Link to={paths.couple.href()}>{t.seeAnswers}</Link>
        </p>
      ) : (
        <div className="card">
          <p>{t.rsvpForStrangers}</p>
          <CodeEntry site={site.data} />
          <LostInvitation site={site.data} />
        </div>
      )}
    </section>
  );
}

function HouseholdAnswer() {
  const t = useInvitationText();
  const invitation = useInvitation();
  // Decided once the invitation arrives: the form for a first answer, the saved answer otherwise. It then stays
  // put, so an answer saved meanwhile from another phone does not swap the form away under the guest's fingers.
  // "queued": sent offline, the answer waits on the device (the list says so) until it is sent or cancelled.
  const [mode, setMode] = useState<"auto" | "view" | "edit" | "thanks" | "queued">("auto");
  const [startFrom, setStartFrom] = useState<RsvpDraft>();
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const outbox = useOutbox();
  const waitingAnswer = outbox.items.find((item) => item.kind === "rsvp");
  // The key of the answer that last waited on the phone: once the saved answer carries it, it was sent.
  const lastWaitingKey = useRef<string>(undefined);
  if (waitingAnswer) lastWaitingKey.current = waitingAnswer.id;
  const waitingAnswerSaved =
    lastWaitingKey.current !== undefined && invitation.data?.rsvp?.submissionId === lastWaitingKey.current;
  // A stored copy (kept for offline use) may be older than the answer and is being asked again: decide once that
  // is done, or from the copy when there is no network to ask (paused).
  const settled = invitation.fetchStatus !== "fetching";
  const answered = invitation.data && settled ? invitation.data.rsvp !== null : undefined;

  useEffect(() => {
    if (mode === "auto" && answered !== undefined) setMode(answered ? "view" : "edit");
    if (mode === "thanks") thanksRef.current?.focus();
    // The answer that waited was sent (by itself, when the signal returned): thank the guest, form or not.
    if (waitingAnswerSaved && (mode === "queued" || mode === "edit")) {
      lastWaitingKey.current = undefined;
      setMode("thanks");
    } else if (mode === "queued" && !waitingAnswer) setMode("auto"); // cancelled: the answer as it was
  }, [mode, answered, waitingAnswerSaved, waitingAnswer]);

  /** Another device changed the answer meanwhile: the waiting answer goes back into the form, over the latest one. */
  const review = async (item: OutboxItem) => {
    if (item.kind !== "rsvp") return;
    const latest = await invitation.refetch();
    if (!latest.data) return;
    setStartFrom(draftFromQueuedAnswer(item.input, latest.data));
    await outbox.cancel(item.id);
    setMode("edit");
  };

  if (invitation.isPending || (mode === "auto" && answered === undefined)) return <Loading />;
  if (invitation.isError) {
    return (
      <LoadError error={invitation.error} onRetry={() => void invitation.refetch()} retrying={invitation.isFetching} />
    );
  }
  const data = invitation.data;
  const { household, rsvp, window } = data;
  const intro = (
    <>
      <p className="lead">
        {household.displayName} · {t.seats(household.seats)}
      </p>
      <WaitingList kind="rsvp" onReview={(item) => void review(item)} focus={mode === "queued"} />
    </>
  );

  if (mode === "queued") {
    return (
      <>
        {intro}
        <div className="actions">
          <Link className="button button-secondary" to={paths.home.href()}>
            {t.backHome}
          </Link>
        </div>
      </>
    );
  }

  if (window.open && (mode === "edit" || (mode === "auto" && !rsvp))) {
    return (
      <>
        {intro}
        <p className="muted">{windowNote(data, t)}</p>
        <RsvpForm
          key={startFrom ? "review" : "answer"}
          invitation={data}
          onSaved={() => setMode("thanks")}
          onQueued={() => setMode("queued")}
          {...(startFrom ? { startFrom } : {})}
          {...(rsvp ? { onCancel: () => setMode("view") } : {})}
        />
      </>
    );
  }
  return (
    <>
      {intro}
      {mode === "thanks" && rsvp ? (
        <div className="notice thanks">
          <h2 ref={thanksRef} tabIndex={-1}>
            {t.thanksTitle}
          </h2>
          <p>{rsvpStatus(data, t)}</p>
        </div>
      ) : (
        <h2>{t.summaryTitle}</h2>
      )}
      {/* Once answers close, why comes first: it is what the guest needs to know. */}
      {window.open ? null : <p className="notice window-note">{windowNote(data, t)}</p>}
      {rsvp ? <RsvpSummary invitation={data} /> : <p>{t.rsvpStatusPending}</p>}
      {window.open ? <p className="muted">{windowNote(data, t)}</p> : null}
      <div className="actions">
        {window.open && rsvp ? (
          <button type="button" className="button" onClick={() => setMode("edit")}>
            {t.changeAnswer}
          </button>
        ) : null}
        <Link className="button button-secondary" to={paths.home.href()}>
          {t.backHome}
        </Link>
      </div>
    </>
  );
}
