// Asks before Analytics starts, where the project has it (a measurement id): a fixed bar at the bottom of the screen,
// so nothing moves when it appears, with "yes" and "no" side by side at the same size. The choice is remembered on
// this device; the footer's button asks again. The prerendered HTML never contains the bar: the stored choice is
// unknown there, so the bar appears only after hydration.
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../config/paths";
import { startAnalytics, stopAnalytics } from "../../lib/analytics";
import { type AnalyticsConsent, saveConsent, useAnalyticsConsent } from "../../lib/analytics-consent";
import { useSwitches } from "../../lib/api/use-switches";
import { useTexts } from "../../lib/i18n/feature-texts";
import { consentTexts } from "./consent-texts";

export function AnalyticsConsentNotice() {
  const t = useTexts(consentTexts);
  const firebase = useSwitches().data?.firebase;
  const consent = useAnalyticsConsent();
  const [askingAgain, setAskingAgain] = useState(false);
  const notice = useRef<HTMLElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const offered = Boolean(firebase?.measurementId);

  useEffect(() => {
    if (!firebase?.measurementId) return;
    if (consent === "granted") {
      startAnalytics(firebase).catch((error: unknown) =>
        console.warn("Analytics did not start; the page works without it.", error),
      );
    } else if (consent === "denied") {
      void stopAnalytics();
    }
  }, [firebase, consent]);

  useEffect(() => {
    if (askingAgain) notice.current?.focus();
  }, [askingAgain]);

  if (!offered) return null;

  const choose = (choice: AnalyticsConsent) => {
    saveConsent(choice);
    if (askingAgain) {
      setAskingAgain(false);
      changeButton.current?.focus();
    }
  };
  const showNotice = consent === "undecided" || (askingAgain && consent !== "unknown");

  return (
    <>
      <p>
        <button
          ref={changeButton}
          type="button"
          className="link-button"
          aria-expanded={showNotice}
          onClick={() => setAskingAgain(true)}
        >
          {t.consentChange}
        </button>
      </p>
      {showNotice ? (
        <section ref={notice} className="consent-notice" aria-labelledby="consent-title" tabIndex={-1}>
          <h2 id="consent-title">{t.consentTitle}</h2>
          <p>
            {t.consentBody} <Link to={paths.privacy.href()}>{t.consentMore}</Link>
          </p>
          <div className="consent-choices">
            <button type="button" className="button" onClick={() => choose("granted")}>
              {t.consentAccept}
            </button>
            <button type="button" className="button" onClick={() => choose("denied")}>
              {t.consentDecline}
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
