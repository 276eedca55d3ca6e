// The frame around every screen: header with the couple's names, navigation and language switch; theme; title.
import { LANGUAGES } from "@boda/server/contract/language";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router-dom";
import { ConnectionStatus } from "../components/connection-status";
import { LiveBanner } from "../components/live-banner";
import { ServicesNotice } from "../components/services-notice";
import { UpdateNotice } from "../components/update-notice";
import { paths } from "../config/paths";
import { EmailLinkSignIn } from "../features/invitation/email-link-sign-in";
import { InviteLink } from "../features/invitation/invite-link";
import { PinnedRsvpButton } from "../features/invitation/pinned-rsvp-button";
import { SessionNotice } from "../features/invitation/session-notice";
import { consentTexts } from "../features/privacy/consent-texts";
import { track } from "../lib/analytics";
import { useSiteContent } from "../lib/api/use-site-content";
import { useSwitches } from "../lib/api/use-switches";
import { formatWeddingDate } from "../lib/format-date";
import { useTexts } from "../lib/i18n/feature-texts";
import { useI18n } from "../lib/i18n/language";
import type { SiteContent } from "../lib/trpc";
import { useScreenFocus } from "../lib/use-screen-focus";
import { useSession } from "../lib/use-session";

function applyTheme(theme: SiteContent["theme"]): void {
  const style = document.documentElement.style;
  style.setProperty("--color-primary", theme.colors.primary);
  style.setProperty("--color-background", theme.colors.background);
  style.setProperty("--color-text", theme.colors.text);
  style.setProperty("--color-accent", theme.colors.accent);
  style.setProperty("--font-heading", theme.fonts.heading);
  style.setProperty("--font-body", theme.fonts.body);
}

export function RootLayout() {
  const { t, language, setLanguage } = useI18n();
  const { kind } = useSession();
  const privacyTexts = useTexts(consentTexts);
  const main = useRef<HTMLElement>(null);
  useScreenFocus(main);
  const { pathname } = useLocation();
  useEffect(() => {
    // Hash routes are invisible to Analytics' own page views: record each screen the guest opens.
    track({ name: "page_view", params: { page_path: `/#${pathname}` } });
  }, [pathname]);
  const site = useSiteContent();
  const couple = site.data ? site.data.couple.names.join(" & ") : null;

  useEffect(() => {
    document.title = couple ? `${couple} · ${t.siteTitleSuffix}` : t.siteTitleSuffix;
  }, [couple, t]);

  useEffect(() => {
    if (site.data) applyTheme(site.data.theme);
  }, [site.data]);

  return (
    <>
      {/* A button, not <a href="#main">: the hash router would read "#main" as a route. */}
      <button type="button" className="skip-link" onClick={() => document.getElementById("main")?.focus()}>
        {t.skipToContent}
      </button>
      <header className="site-header">
        <div className="site-header-inner">
          <Link className="brand" to={paths.home.href()}>
            {couple ?? t.siteNameFallback}
          </Link>
          <fieldset className="language-switch">
            <legend className="visually-hidden">{t.languageLabel}</legend>
            {LANGUAGES.map((option) => (
              <button
                key={option}
                type="button"
                lang={option}
                aria-pressed={language === option}
                title={t.languageNames[option]}
                onClick={() => setLanguage(option)}
              >
                {option.toUpperCase()}
              </button>
            ))}
          </fieldset>
          <nav className="site-nav" aria-label={t.navLabel}>
            <NavLink to={paths.home.href()} end>
              {t.navHome}
            </NavLink>
            <NavLink to={paths.locations.href()}>{t.navLocations}</NavLink>
            {kind === "household" ? <NavLink to={paths.rsvp.href()}>{t.navRsvp}</NavLink> : null}
            {kind === "couple" ? <NavLink to={paths.couple.href()}>{t.coupleTitle}</NavLink> : null}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} ref={main}>
        <UpdateNotice />
        <ConnectionStatus />
        <LiveBanner />
        <InviteLink site={site.data} />
        <EmailLinkSignIn site={site.data} />
        <SessionNotice />
        <Outlet />
        {/* Pinned to the screen's edge by its style; in <main>, so no content lies outside a landmark. */}
        <PinnedRsvpButton />
      </main>
      <footer className="site-footer">
        {site.data && site.data.access !== "invited-only" ? (
          <p>
            {couple} · {formatWeddingDate(site.data.wedding.date, t)}
          </p>
        ) : null}
        <p>
          <Link to={paths.privacy.href()}>{privacyTexts.footerPrivacy}</Link>
        </p>
        <ConsentNoticeWhereOffered />
        <ServicesNotice />
      </footer>
    </>
  );
}

// The consent notice is fetched only where the project measures (a measurement id), so a first visit elsewhere
// downloads none of it.
const AnalyticsConsentNotice = lazy(() =>
  import("../features/privacy/analytics-consent-notice").then((module) => ({ default: module.AnalyticsConsentNotice })),
);

function ConsentNoticeWhereOffered() {
  const offered = Boolean(useSwitches().data?.firebase?.measurementId);
  return offered ? (
    <Suspense fallback={null}>
      <AnalyticsConsentNotice />
    </Suspense>
  ) : null;
}
