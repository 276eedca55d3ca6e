// Offline at the venue: the page says it is showing what it last knew, and since when ("sin conexión —
// actualizado a las 18:42"), and goes quiet again once the connection is back (the content refreshes by itself).

import { useSiteContent } from "../lib/api/use-site-content";
import { formatClockTime } from "../lib/format-time";
import { useI18n } from "../lib/i18n/language";
import { useOnline } from "../lib/use-online";

export function ConnectionStatus() {
  const { t } = useI18n();
  const online = useOnline();
  const site = useSiteContent();
  if (online) return null;
  const timeZone = site.data && site.data.access !== "invited-only" ? site.data.wedding.timeZone : undefined;
  const updated = site.dataUpdatedAt ? formatClockTime(site.dataUpdatedAt, timeZone, t) : undefined;
  return (
    <p className="notice offline-notice" role="status">
      {updated ? t.offlineSince(updated) : t.offlineNoData}
    </p>
  );
}
