// The top of the dashboard: who, when (in the wedding's time zone), where, and how many days are left.
import { pickText } from "@boda/server/contract/language";
import { formatWeddingDate } from "../../lib/format-date";
import { daysUntil } from "../../lib/format-time";
import { useI18n } from "../../lib/i18n/language";
import type { OpenSiteContent } from "../../lib/trpc";
import { useNow } from "../../lib/use-now";

export function HeroSection({ view }: { view: OpenSiteContent }) {
  const { t, language } = useI18n();
  const { date, timeZone } = view.wedding;
  const days = daysUntil(date, timeZone, useNow());
  const countdown = days > 0 ? t.countdownDays(days) : days === 0 ? t.countdownToday : t.countdownPast;
  return (
    <section className="hero" aria-labelledby="dashboard-title">
      {view.hero.image ? (
        <img className="hero-image" src={view.hero.image.url} alt={pickText(view.hero.image.alt, language)} />
      ) : null}
      <p className="eyebrow">{pickText(view.hero.title, language)}</p>
      <h1 id="dashboard-title" tabIndex={-1}>
        {view.couple.names.join(" & ")}
      </h1>
      <p className="hero-date">
        <time dateTime={date}>{formatWeddingDate(date, t)}</time>
      </p>
      {view.hero.subtitle ? <p className="hero-subtitle">{pickText(view.hero.subtitle, language)}</p> : null}
      <p className="countdown">{countdown}</p>
      {view.couple.story ? <p className="story">{pickText(view.couple.story, language)}</p> : null}
    </section>
  );
}
