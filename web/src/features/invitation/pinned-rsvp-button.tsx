// On phones, the way to answer stays in reach at the bottom of the screen while the household can still answer.
import { Link, useLocation } from "react-router-dom";
import { paths } from "../../config/paths";
import { useI18n } from "../../lib/i18n/language";
import { useInvitation } from "./api/use-invitation";

export function PinnedRsvpButton() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const invitation = useInvitation();
  if (pathname === paths.rsvp.path || !invitation.data?.window.open) return null;
  return (
    <div className="pinned-rsvp">
      <Link className="button" to={paths.rsvp.href()}>
        {invitation.data.rsvp ? t.rsvpChange : t.rsvpAnswer}
      </Link>
    </div>
  );
}
