// "Ubicaciones": every place with address, practical notes and buttons to open it in a maps or ride app.
import { pickText } from "@boda/server/contract/language";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router-dom";
import { LoadError, Loading } from "../../components/query-status";
import { EVENT_PARAM, paths } from "../../config/paths";
import { track } from "../../lib/analytics";
import { useI18n } from "../../lib/i18n/language";
import { type LocationItem, useTRPC } from "../../lib/trpc";

export function LocationsScreen() {
  const { t, language } = useI18n();
  const trpc = useTRPC();
  const [searchParams] = useSearchParams();
  const eventId = searchParams.get(EVENT_PARAM) || undefined;
  const locations = useQuery(trpc.locations.list.queryOptions(eventId ? { eventId } : undefined));
  // The event's title comes from the program, which the header has already asked for.
  const site = useQuery(trpc.site.content.queryOptions());
  const events = site.data?.access === "invited-only" ? [] : (site.data?.events ?? []);
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
              <LocationCard location={location} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LocationCard({ location }: { location: LocationItem }) {
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
      <p className="address">{location.address}</p>
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
    </article>
  );
}
