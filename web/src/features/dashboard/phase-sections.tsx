// The parts of the dashboard that depend on the phase of the wedding: a save-the-date note, now/next on the day,
// the weather, a shortcut to directions, and the thank-you with the photos afterwards.
import { pickText } from "@boda/server/contract/language";
import { Link } from "react-router-dom";
import { paths } from "../../config/paths";
import { formatTime } from "../../lib/format-time";
import { useI18n } from "../../lib/i18n/language";
import type { OpenSiteContent } from "../../lib/trpc";
import { useNow } from "../../lib/use-now";
import { nowAndNext } from "./now-next";
import { useDashboardText } from "./texts";

export function SaveTheDateNotice() {
  const t = useDashboardText();
  return (
    <section className="section" aria-labelledby="save-the-date-title">
      <div className="card">
        <h2 id="save-the-date-title">{t.saveTheDateTitle}</h2>
        <p>{t.saveTheDateBody}</p>
      </div>
    </section>
  );
}

export function NowNextSection({ view }: { view: OpenSiteContent }) {
  const t = useDashboardText();
  const { language } = useI18n();
  const { now, next } = nowAndNext(view.events, view.wedding.timeZone, useNow());
  const time = (local: string) => formatTime(local, view.wedding.timeZone, t);
  return (
    <section className="section now-next" aria-labelledby="now-next-title">
      <h2 id="now-next-title">{t.nowNextTitle}</h2>
      {now || next ? (
        <dl className="now-next-list">
          {now ? (
            <div className="card">
              <dt>{t.onNow}</dt>
              <dd>
                <strong>{pickText(now.title, language)}</strong> · {now.locationName} ({t.untilTime(time(now.end))})
                <br />
                <Link to={paths.locations.href(now.id)}>{t.directionsTo(now.locationName)}</Link>
              </dd>
            </div>
          ) : null}
          {next ? (
            <div className="card">
              <dt>{t.upNext}</dt>
              <dd>
                <strong>{pickText(next.title, language)}</strong>{" "}
                {t.atTimeAndPlace(time(next.start), next.locationName)}
                <br />
                <Link to={paths.locations.href(next.id)}>{t.directionsTo(next.locationName)}</Link>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p>{t.dayOver}</p>
      )}
    </section>
  );
}

export function WeatherSection({ note }: { note: NonNullable<OpenSiteContent["weatherNote"]> }) {
  const t = useDashboardText();
  const { language } = useI18n();
  return (
    <section className="section" aria-labelledby="weather-title">
      <h2 id="weather-title">{t.weatherTitle}</h2>
      <p>{pickText(note, language)}</p>
    </section>
  );
}

export function DirectionsShortcut() {
  const t = useDashboardText();
  return (
    <section className="section" aria-labelledby="directions-title">
      <h2 id="directions-title">{t.directionsTitle}</h2>
      <p>{t.directionsBody}</p>
      <Link className="button" to={paths.locations.href()}>
        {t.directionsLink}
      </Link>
    </section>
  );
}

export function ThanksSection({ photos }: { photos: OpenSiteContent["photos"] }) {
  const t = useDashboardText();
  return (
    <section className="section" aria-labelledby="thanks-title">
      <div className="card">
        <h2 id="thanks-title">{t.thanksTitle}</h2>
        <p>{t.thanksBody}</p>
        {photos.length > 0 ? (
          <>
            <h3>{t.photosTitle}</h3>
            <ul className="plain-list">
              {photos.map((album) => (
                <li key={album.url}>
                  <a href={album.url} target="_blank" rel="noopener noreferrer">
                    {album.name}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  );
}
