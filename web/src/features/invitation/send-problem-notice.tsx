// What the form says when an answer could not be saved (no reply, a server failure, the answers closed, or
// another device's answer saved meanwhile), with the way forward: retry, or choose between the two answers.
import type { Invitation } from "../../lib/trpc";
import type { SendProblem } from "./api/use-rsvp-answer";
import { useInvitationText } from "./texts";

export function SendProblemNotice({
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
