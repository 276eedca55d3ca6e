// The couple's live announcement at the top of every screen ("the ceremony starts in 10 minutes"), with the time it
// was written on the wedding's clock. A status region, so screen readers announce it when it appears or changes.

import { useSiteContent } from "../lib/api/use-site-content";
import { formatClockTime } from "../lib/format-time";
import { useI18n } from "../lib/i18n/language";
import { useLive } from "../lib/live";

export function LiveBanner() {
  const { t } = useI18n();
  const site = useSiteContent();
  const announcement = useLive().state?.announcement;
  const timeZone = site.data?.access === "invited-only" ? undefined : site.data?.wedding.timeZone;
  const time = announcement ? formatClockTime(new Date(announcement.at), timeZone, t) : "";
  // The region stays in the page while empty: screen readers announce changes to a region they already know.
  return (
    <div className={announcement ? "live-banner" : "live-banner live-banner-empty"} role="status">
      {announcement ? (
        <p>
          <span className="live-banner-label">{t.liveNow(time)}</span> {announcement.message}
        </p>
      ) : null}
    </div>
  );
}
