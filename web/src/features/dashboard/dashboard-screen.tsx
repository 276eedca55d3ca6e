// The home screen: everything about the day on one scrollable page, led by whatever the viewer's welcome is (the
// route composes it in). Loaded on demand, so keep its imports here.
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadError, Loading } from "../../components/query-status";
import { useI18n } from "../../lib/i18n/language";
import { type SiteContent, useTRPC } from "../../lib/trpc";
import { ChangesNotice } from "./changes-notice";
import { HeroSection } from "./hero-section";
import { AccommodationsSection, ContactsSection, FaqSection, GiftsSection } from "./practical-sections";
import { ProgramSection } from "./program-section";

export function DashboardScreen({ welcome }: { welcome?: (site: SiteContent) => ReactNode }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const site = useQuery(trpc.site.content.queryOptions());

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
  return (
    <div className="dashboard">
      <HeroSection view={view} />
      {welcome?.(view)}
      {view.changes.length > 0 ? <ChangesNotice changes={view.changes} timeZone={view.wedding.timeZone} /> : null}
      <ProgramSection events={view.events} timeZone={view.wedding.timeZone} />
      {view.accommodations.length > 0 ? <AccommodationsSection accommodations={view.accommodations} /> : null}
      {view.faq.length > 0 ? <FaqSection faq={view.faq} /> : null}
      {view.gifts ? <GiftsSection gifts={view.gifts} /> : null}
      {view.contacts.length > 0 ? <ContactsSection contacts={view.contacts} /> : null}
    </div>
  );
}
