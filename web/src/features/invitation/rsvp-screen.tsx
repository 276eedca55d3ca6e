// "Confirmar asistencia" (#/confirmar): the household's answer — the form, the confirmation once sent, and the
// saved answer on every later visit, read-only once answers close. Loaded on demand: strangers never need it.
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { LoadError, Loading } from "../../components/query-status";
import { paths } from "../../config/paths";
import { useSiteContent } from "../../lib/api/use-site-content";
import { useSession } from "../../lib/use-session";
import { useInvitation } from "./api/use-invitation";
import { CodeEntry } from "./code-entry";
import { LostInvitation } from "./lost-invitation";
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
  const [mode, setMode] = useState<"auto" | "view" | "edit" | "thanks">("auto");
  const thanksRef = useRef<HTMLHeadingElement>(null);
  // A stored copy (kept for offline use) may be older than the answer and is being asked again: decide once that
  // is done, or from the copy when there is no network to ask (paused).
  const settled = invitation.fetchStatus !== "fetching";
  const answered = invitation.data && settled ? invitation.data.rsvp !== null : undefined;

  useEffect(() => {
    if (mode === "auto" && answered !== undefined) setMode(answered ? "view" : "edit");
    if (mode === "thanks") thanksRef.current?.focus();
  }, [mode, answered]);

  if (invitation.isPending || (mode === "auto" && answered === undefined)) return <Loading />;
  if (invitation.isError) {
    return (
      <LoadError error={invitation.error} onRetry={() => void invitation.refetch()} retrying={invitation.isFetching} />
    );
  }
  const data = invitation.data;
  const { household, rsvp, window } = data;
  const intro = (
    <p className="lead">
      {household.displayName} · {t.seats(household.seats)}
    </p>
  );

  if (window.open && (mode === "edit" || (mode === "auto" && !rsvp))) {
    return (
      <>
        {intro}
        <p className="muted">{windowNote(data, t)}</p>
        <RsvpForm
          invitation={data}
          onSaved={() => setMode("thanks")}
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
