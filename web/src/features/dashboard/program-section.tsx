// The program: each event with its local times, place, dress code, and a link to directions for that place.
import { pickText } from "@boda/server/contract/language";
import { Link } from "react-router-dom";
import { paths } from "../../config/paths";
import { formatShortDay, formatTime, zonedToInstant } from "../../lib/format-time";
import { useI18n } from "../../lib/i18n/language";
import type { OpenSiteContent } from "../../lib/trpc";

export function ProgramSection({ events, timeZone }: { events: OpenSiteContent["events"]; timeZone: string }) {
  const { t, language } = useI18n();
  // Local times in one zone and one format sort correctly as text.
  const ordered = [...events].sort((a, b) => a.start.localeCompare(b.start));
  return (
    <section className="section" aria-labelledby="program-title">
      <h2 id="program-title">{t.programTitle}</h2>
      <p className="muted">{t.programTimeNote(timeZone)}</p>
      <ol className="timeline">
        {ordered.map((event) => (
          <li key={event.id} className="timeline-item">
            <p className="timeline-when">
              <time dateTime={zonedToInstant(event.start, timeZone).toISOString()}>
                {formatShortDay(event.start, timeZone, t)} · {formatTime(event.start, timeZone, t)}
              </time>
              {" – "}
              <time dateTime={zonedToInstant(event.end, timeZone).toISOString()}>
                {formatTime(event.end, timeZone, t)}
              </time>
            </p>
            <h3>{pickText(event.title, language)}</h3>
            <dl className="details details-inline">
              <div>
                <dt>{t.place}</dt>
                <dd>{event.locationName}</dd>
              </div>
              {event.dressCode ? (
                <div>
                  <dt>{t.dressCode}</dt>
                  <dd>{pickText(event.dressCode, language)}</dd>
                </div>
              ) : null}
            </dl>
            {event.description ? <p>{pickText(event.description, language)}</p> : null}
            <Link className="directions-link" to={paths.locations.href(event.id)}>
              {t.directionsTo(event.locationName)}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
