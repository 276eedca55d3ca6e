// Offline at the venue: the page says it is showing what it last knew, and since when ("sin conexión —
// actualizado a las 18:42"), and goes quiet again once the connection is back (the content refreshes by itself).
import { useQuery } from "@tanstack/react-query";
import { formatClockTime } from "../lib/format-time";
import { useI18n } from "../lib/i18n/language";
import { useTRPC } from "../lib/trpc";
import { useOnline } from "../lib/use-online";

export function ConnectionStatus() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const online = useOnline();
  const site = useQuery(trpc.site.content.queryOptions());
  if (online) return null;
  const timeZone = site.data && site.data.access !== "invited-only" ? site.data.wedding.timeZone : undefined;
  const updated = site.dataUpdatedAt ? formatClockTime(site.dataUpdatedAt, timeZone, t) : undefined;
  return (
    <p className="notice offline-notice" role="status">
      {updated ? t.offlineSince(updated) : t.offlineNoData}
    </p>
  );
}
