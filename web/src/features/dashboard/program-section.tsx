// The program: each event with its local times, place, dress code, a link to directions for that place, and
// buttons to add it (or the whole wedding) to the guest's calendar.
import { pickText } from "@boda/server/contract/language";
import { Link } from "react-router-dom";
import { CalendarActions, EventCalendarActions } from "../../components/add-to-calendar";
import { paths } from "../../config/paths";
import { calendarEvent, calendarFile } from "../../lib/calendar";
import { formatShortDay, formatTime, zonedToInstant } from "../../lib/format-time";
import { useI18n } from "../../lib/i18n/language";
import type { OpenSiteContent } from "../../lib/trpc";

export function ProgramSection({ site }: { site: OpenSiteContent }) {
  const { t, language } = useI18n();
  const { timeZone } = site.wedding;
  // Local times in one zone and one format sort correctly as text.
  const items = [...site.events]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((event) => ({ event, entry: calendarEvent(event, site, undefined, language, t) }));
  const entries = items.map(({ entry }) => entry);
  return (
    <section className="section" aria-labelledby="program-title">
      <h2 id="program-title">{t.programTitle}</h2>
      <p className="muted">{t.programTimeNote(timeZone)}</p>
      {entries.length > 0 ? (
        <CalendarActions file={calendarFile(entries, site, t)} label={t.addWeddingToCalendar}>
          <p className="muted calendar-hint">{t.googleCalendarHint}</p>
        </CalendarActions>
      ) : null}
      <ol className="timeline">
        {items.map(({ event, entry }) => (
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
            <EventCalendarActions
              event={entry}
              eventTitle={pickText(event.title, language)}
              file={calendarFile(entries, site, t, event.id)}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
