// "What moved": the latest changes of time or place, above the program, so a guest holding an old screenshot or
// a printed card notices before setting off.
import { pickText } from "@boda/server/contract/language";
import { formatShortDay, formatTime } from "../../lib/format-time";
import { useI18n } from "../../lib/i18n/language";
import type { OpenSiteContent } from "../../lib/trpc";

type Change = OpenSiteContent["changes"][number];

export function ChangesNotice({ changes, timeZone }: { changes: Change[]; timeZone: string }) {
  const { t, language } = useI18n();
  const when = (timing: Change["after"]) =>
    `${formatShortDay(timing.start, timeZone, t)} · ${formatTime(timing.start, timeZone, t)} – ${formatTime(timing.end, timeZone, t)}`;
  const announced = new Intl.DateTimeFormat(t.locale, { day: "numeric", month: "long", timeZone });
  return (
    <section className="section changes" aria-labelledby="changes-title">
      <h2 id="changes-title">{t.changesTitle}</h2>
      <ul>
        {changes.map((change) => (
          <li key={`${change.eventId}-${change.changedAt}`}>
            <p>
              <strong>
                {t.changeNow(pickText(change.eventTitle, language), when(change.after), change.after.place.name)}
              </strong>
            </p>
            <p className="muted">
              {t.changeBefore(when(change.before), change.before.place.name)}{" "}
              {t.changeAnnounced(announced.format(new Date(change.changedAt)))}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
