// Says why this device is no longer signed in, when the BFF refused a remembered sign-in.
import { useI18n } from "../../lib/i18n/language";
import { useSession } from "../../lib/use-session";

export function SessionNotice() {
  const { t } = useI18n();
  const { notice, setNotice } = useSession();
  if (!notice || notice === "use-another-invitation") return null;
  const text = {
    "invitation-replaced": t.sessionInvitationReplaced,
    "household-removed": t.sessionHouseholdRemoved,
    "signed-out": t.sessionSignedOut,
  }[notice];
  return (
    <div className="notice session-notice" role="status">
      <p>{text}</p>
      <button type="button" className="button button-secondary" onClick={() => setNotice(undefined)}>
        {t.dismiss}
      </button>
    </div>
  );
}
