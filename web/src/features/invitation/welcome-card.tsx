// The top of the dashboard for whoever is looking: the household greeted by name with its answer and a way to
// change it; the couple reminded they see everything; a stranger invited to open the invitation.
import { isAttendingAnything } from "@boda/server/contract/attendance";
import { Link } from "react-router-dom";
import { LoadError } from "../../components/query-status";
import { paths } from "../../config/paths";
import { formatWeddingDate } from "../../lib/format-date";
import type { Invitation, SiteContent } from "../../lib/trpc";
import { useSession } from "../../lib/use-session";
import { useInvitationFollowingThePhase } from "./api/use-invitation";
import { CodeEntry } from "./code-entry";
import { LostInvitation } from "./lost-invitation";
import { type InvitationText, useInvitationText } from "./texts";

export function WelcomeCard({ site }: { site: SiteContent }) {
  const { kind } = useSession();
  if (kind === undefined) return null;
  if (kind === "couple") return <CoupleWelcome />;
  if (kind === "household") return <HouseholdWelcome />;
  return <StrangerWelcome site={site} />;
}

function CoupleWelcome() {
  const t = useInvitationText();
  const { session } = useSession();
  return (
    <section className="card welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">{t.greetingCoupleTitle}</h2>
      <p>{t.greetingCouple}</p>
      <div className="actions">
        <Link className="button" to={paths.couple.href()}>
          {t.seeAnswers}
        </Link>
        <button type="button" className="button button-secondary" onClick={() => void session.signOut()}>
          {t.signOut}
        </button>
      </div>
    </section>
  );
}

function HouseholdWelcome() {
  const t = useInvitationText();
  const { session, setNotice } = useSession();
  const invitation = useInvitationFollowingThePhase();
  if (invitation.isPending) return null;
  if (invitation.isError) {
    return (
      <LoadError error={invitation.error} onRetry={() => void invitation.refetch()} retrying={invitation.isFetching} />
    );
  }
  const { household, rsvp, window } = invitation.data;
  return (
    <section className="card welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">{t.greeting(household.displayName)}</h2>
      <p>{rsvpStatus(invitation.data, t)}</p>
      <p className="muted">{windowNote(invitation.data, t)}</p>
      <div className="actions">
        <Link className="button" to={paths.rsvp.href()}>
          {rsvp ? (window.open ? t.rsvpChange : t.rsvpSee) : t.rsvpAnswer}
        </Link>
      </div>
      <p className="not-you">
        {t.notYou(household.displayName)}{" "}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setNotice("use-another-invitation");
            void session.signOut();
          }}
        >
          {t.useAnotherInvitation}
        </button>{" "}
        ·{" "}
        <button type="button" className="link-button" onClick={() => void session.signOut()}>
          {t.signOut}
        </button>
      </p>
    </section>
  );
}

export function rsvpStatus(invitation: Invitation, t: InvitationText): string {
  const { rsvp } = invitation;
  if (!rsvp) return t.rsvpStatusPending;
  const coming = rsvp.people.filter(isAttendingAnything).length;
  return coming === 0 ? t.rsvpStatusDeclined : t.rsvpStatusComing(coming, rsvp.people.length);
}

export function windowNote(invitation: Invitation, t: InvitationText): string {
  const deadline = formatWeddingDate(invitation.window.deadline, t);
  if (invitation.window.open) return t.rsvpDeadlineNote(deadline);
  if (invitation.window.reason === "not-open-yet") return t.rsvpNotOpenYet;
  return invitation.window.reason === "deadline-passed" ? t.rsvpClosedDeadline(deadline) : t.rsvpClosedByCouple;
}

function StrangerWelcome({ site }: { site: SiteContent }) {
  const t = useInvitationText();
  const { notice } = useSession();
  return (
    // Hidden (its space kept) on a prerendered page while a remembered sign-in is checked: see styles.css.
    <section className="card welcome welcome-stranger" aria-labelledby="welcome-title">
      <h2 id="welcome-title">{t.haveInvitationTitle}</h2>
      <p>{site.access === "invited-only" ? t.invitedOnlyBody : t.haveInvitationBody}</p>
      <CodeEntry site={site} autoFocus={notice === "use-another-invitation"} />
      <LostInvitation site={site} />
    </section>
  );
}
