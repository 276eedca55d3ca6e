// "Ubicaciones": every place with address (and a button to copy it), practical notes, buttons to open it in a maps
// or ride app, and the events held there with buttons to add them to the guest's calendar.
import { pickText } from "@boda/server/contract/language";
import { Suspense } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { EventCalendarActions } from "../../components/add-to-calendar";
import { CopyableAddress } from "../../components/copyable-address";
import { LoadError, Loading } from "../../components/query-status";
import { EVENT_PARAM, paths } from "../../config/paths";
import { track } from "../../lib/analytics";
import { useSiteContent } from "../../lib/api/use-site-content";
import { calendarEvent, calendarFile } from "../../lib/calendar";
import { formatShortDay, formatTime } from "../../lib/format-time";
import { useI18n } from "../../lib/i18n/language";
import type { LocationItem, OpenSiteContent } from "../../lib/trpc";
import { useLocations } from "./api/use-locations";

export function LocationsScreen() {
  const { t, language } = useI18n();
  const [searchParams] = useSearchParams();
  const eventId = searchParams.get(EVENT_PARAM) || undefined;
  const locations = useLocations(eventId);
  // The event's title comes from the program, which the header has already asked for.
  const site = useSiteContent();
  const wedding = site.data?.access === "invited-only" ? undefined : site.data;
  const events = wedding?.events ?? [];
  const event = eventId ? events.find((candidate) => candidate.id === eventId) : undefined;
  const eventTitle = event ? pickText(event.title, language) : eventId;

  return (
    <section className="screen" aria-labelledby="locations-title">
      <h1 id="locations-title" tabIndex={-1}>
        {eventTitle ? t.locationsForEvent(eventTitle) : t.locationsTitle}
      </h1>
      {eventId ? (
        <p>
          <Link to={paths.locations.href()}>{t.seeAllLocations}</Link>
        </p>
      ) : (
        <p className="lead">{t.locationsIntro}</p>
      )}
      {locations.isPending ? (
        <Loading />
      ) : locations.isError ? (
        <LoadError
          error={locations.error}
          onRetry={() => void locations.refetch()}
          retrying={locations.isFetching}
          // With the wedding published, NOT_FOUND for one event means the link points at an event that is not there.
          {...(eventId && site.isSuccess ? { notFoundMessage: t.eventNotFound } : {})}
        />
      ) : locations.data.length === 0 ? (
        <p>{t.noLocations}</p>
      ) : (
        <ul className="card-list">
          {locations.data.map((location) => (
            <li key={location.id}>
              {/* Its own boundary, so hydrating the prerendered list yields to the browser between places. */}
              <Suspense fallback={null}>
                <LocationCard location={location} wedding={wedding} />
              </Suspense>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface LocationCardProps {
  location: LocationItem;
  /** The program, once loaded: the events held here come from it. */
  wedding: OpenSiteContent | undefined;
}

function LocationCard({ location, wedding }: LocationCardProps) {
  const { t, language } = useI18n();
  const notes = [
    { label: t.parking, text: location.parking },
    { label: t.transport, text: location.transport },
    { label: t.arrival, text: location.arrival },
  ].flatMap(({ label, text }) => (text ? [{ label, text: pickText(text, language) }] : []));
  const apps = [
    { name: "Google Maps", href: location.links.google },
    { name: "Apple Maps", href: location.links.apple },
    { name: "Waze", href: location.links.waze },
  ];
  return (
    <article className="card" aria-labelledby={`location-${location.id}`}>
      <p className="eyebrow">{t.locationKinds[location.kind]}</p>
      <h2 id={`location-${location.id}`}>{location.name}</h2>
      <CopyableAddress placeName={location.name} address={location.address} />
      {notes.length > 0 ? (
        <dl className="details">
          {notes.map(({ label, text }) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="map-links">
        {apps.map((app) => (
          <a
            key={app.name}
            className="button button-secondary"
            href={app.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t.openIn(app.name, location.name)}
            onClick={() => track({ name: "directions_opened", params: { place: location.id, app: app.name } })}
          >
            {app.name}
          </a>
        ))}
        <a
          className="button button-secondary"
          href={location.links.uber}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t.rideWith(location.name)}
          onClick={() => track({ name: "directions_opened", params: { place: location.id, app: "Uber" } })}
        >
          Uber
        </a>
      </div>
      {wedding ? <EventsHere location={location} wedding={wedding} /> : null}
    </article>
  );
}

/** The events held at a place, in order, each with its times and calendar buttons. */
function EventsHere({ location, wedding }: { location: LocationItem; wedding: OpenSiteContent }) {
  const { t, language } = useI18n();
  const { timeZone } = wedding.wedding;
  const items = wedding.events
    .filter((event) => event.locationId === location.id)
    // Local times in one zone and one format sort correctly as text.
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((event) => ({
      event,
      title: pickText(event.title, language),
      // The place itself gives calendar apps its coordinates for a map pin.
      entry: calendarEvent(event, wedding, location, language, t),
    }));
  if (items.length === 0) return null;
  const entries = items.map(({ entry }) => entry);
  return (
    // Named "Aquí se celebra <place>": each place's list is its own landmark, so each needs its own name.
    <section className="events-here" aria-labelledby={`events-${location.id} location-${location.id}`}>
      <h3 id={`events-${location.id}`}>{t.eventsHere}</h3>
      <ul className="plain-list">
        {items.map(({ event, title, entry }) => (
          <li key={event.id}>
            <p className="event-here-when">
              <strong>{title}</strong> · {formatShortDay(event.start, timeZone, t)} ·{" "}
              {formatTime(event.start, timeZone, t)} – {formatTime(event.end, timeZone, t)}
            </p>
            <EventCalendarActions event={entry} eventTitle={title} file={calendarFile(entries, wedding, t, event.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
