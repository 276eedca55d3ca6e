// The home screen: everything about the day on one scrollable page, led by what the phase of the wedding calls for
// (save the date, answering, the week, the day itself, afterwards). The route composes in the parts that belong to
// other features (the welcome card, the guestbook). Loaded on demand, so keep its imports here.
import type { SitePhase } from "@boda/server/contract/switches";
import { type ReactNode, Suspense } from "react";
import { ContactsSection } from "../../components/contacts-section";
import { LoadError, Loading } from "../../components/query-status";
import { useSiteContent } from "../../lib/api/use-site-content";
import { useI18n } from "../../lib/i18n/language";
import { useSitePhase } from "../../lib/live";
import type { OpenSiteContent, SiteContent } from "../../lib/trpc";
import { ChangesNotice } from "./changes-notice";
import { HeroSection } from "./hero-section";
import { DirectionsShortcut, NowNextSection, SaveTheDateNotice, ThanksSection, WeatherSection } from "./phase-sections";
import { AccommodationsSection, FaqSection, GiftsSection } from "./practical-sections";
import { ProgramSection } from "./program-section";

type SectionId =
  | "hero"
  | "welcome"
  | "saveTheDate"
  | "nowNext"
  | "changes"
  | "weather"
  | "directions"
  | "program"
  | "guestbook"
  | "thanks"
  | "push"
  | "practical"
  | "seating";

/** What leads in each phase; the hero (with the page's h1) always comes first. */
export const SECTION_ORDER: Record<SitePhase, SectionId[]> = {
  "save-the-date": ["hero", "saveTheDate", "welcome", "changes", "program", "practical"],
  "rsvp-open": ["hero", "welcome", "changes", "program", "practical", "guestbook"],
  "wedding-week": [
    "hero",
    "seating",
    "changes",
    "program",
    "directions",
    "weather",
    "push",
    "welcome",
    "practical",
    "guestbook",
  ],
  "day-of": [
    "hero",
    "seating",
    "nowNext",
    "changes",
    "directions",
    "weather",
    "push",
    "program",
    "welcome",
    "guestbook",
    "practical",
  ],
  after: ["hero", "thanks", "guestbook", "welcome", "program", "practical"],
};

interface Slots {
  welcome?: (site: SiteContent) => ReactNode;
  /** The household's table, in the phases that lead with it. */
  seating?: ReactNode;
  guestbook?: (timeZone: string) => ReactNode;
  push?: ReactNode;
}

export function DashboardScreen({ welcome, seating, guestbook, push }: Slots) {
  const { t } = useI18n();
  const site = useSiteContent();
  const phase = useSitePhase() ?? "rsvp-open";

  if (site.isPending || site.isError) {
    return (
      <section className="screen" aria-labelledby="dashboard-title">
        <h1 id="dashboard-title" tabIndex={-1}>
          {t.siteNameFallback}
        </h1>
        {site.isPending ? (
          <Loading />
        ) : (
          <LoadError error={site.error} onRetry={() => void site.refetch()} retrying={site.isFetching} />
        )}
      </section>
    );
  }

  const view = site.data;
  if (view.access === "invited-only") {
    // The couple chose to show strangers nothing: only who is marrying, and the way in.
    return (
      <div className="dashboard">
        <section className="hero" aria-labelledby="dashboard-title">
          <h1 id="dashboard-title" tabIndex={-1}>
            {view.couple.names.join(" & ")}
          </h1>
        </section>
        {welcome?.(view)}
      </div>
    );
  }
  const sections = renderers(view, { welcome, seating, guestbook, push });
  // Each section its own Suspense boundary: hydrating the prerendered dashboard yields to the browser between them,
  // so no single long task hydrates the whole page (none of them suspends once the dashboard's code is here).
  return (
    <div className="dashboard">
      {SECTION_ORDER[phase].map((id) => (
        <Suspense key={id} fallback={null}>
          {sections[id]()}
        </Suspense>
      ))}
    </div>
  );
}

function renderers(view: OpenSiteContent, slots: Slots): Record<SectionId, () => ReactNode> {
  return {
    hero: () => <HeroSection view={view} />,
    welcome: () => slots.welcome?.(view),
    seating: () => slots.seating,
    saveTheDate: () => <SaveTheDateNotice />,
    nowNext: () => <NowNextSection view={view} />,
    changes: () =>
      view.changes.length > 0 ? <ChangesNotice changes={view.changes} timeZone={view.wedding.timeZone} /> : null,
    weather: () => (view.weatherNote ? <WeatherSection note={view.weatherNote} /> : null),
    directions: () => <DirectionsShortcut />,
    program: () => <ProgramSection site={view} />,
    guestbook: () => slots.guestbook?.(view.wedding.timeZone),
    thanks: () => <ThanksSection photos={view.photos} />,
    push: () => slots.push,
    practical: () => (
      <>
        {view.accommodations.length > 0 ? <AccommodationsSection accommodations={view.accommodations} /> : null}
        {view.faq.length > 0 ? <FaqSection faq={view.faq} /> : null}
        {view.gifts ? <GiftsSection gifts={view.gifts} /> : null}
        {view.contacts.length > 0 ? <ContactsSection contacts={view.contacts} /> : null}
      </>
    ),
  };
}
