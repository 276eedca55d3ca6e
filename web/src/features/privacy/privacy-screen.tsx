// "Privacidad" (#/privacidad): what the page keeps about guests, who sees it, where, until when, and how to ask for a
// copy or a deletion. What is kept is listed from the stored documents' fields (stored-data.ts); the couple's names
// and contacts come from their content, the region from the deploy. Loaded on demand.
import { ContactsSection } from "../../components/contacts-section";
import { LoadError, Loading } from "../../components/query-status";
import { useSiteContent } from "../../lib/api/use-site-content";
import { useSwitches } from "../../lib/api/use-switches";
import { useTexts } from "../../lib/i18n/feature-texts";
import { useI18n } from "../../lib/i18n/language";
import { STORED_GROUPS } from "./stored-data";
import { privacyTexts } from "./texts";

export function PrivacyScreen() {
  const t = useTexts(privacyTexts);
  const { language } = useI18n();
  const site = useSiteContent();
  const switches = useSwitches();

  return (
    <section className="screen privacy" aria-labelledby="privacy-title">
      <h1 id="privacy-title" tabIndex={-1}>
        {t.privacyTitle}
      </h1>
      {site.isPending || switches.isPending ? (
        <Loading />
      ) : site.isError || switches.isError ? (
        <LoadError
          error={site.error ?? switches.error}
          onRetry={() => void Promise.all([site.refetch(), switches.refetch()])}
          retrying={site.isFetching || switches.isFetching}
        />
      ) : (
        <>
          <p>{t.privacyIntro(site.data.couple.names.join(language === "es" ? " y " : " and "))}</p>

          <section className="section" aria-labelledby="privacy-stored">
            <h2 id="privacy-stored">{t.storedTitle}</h2>
            {STORED_GROUPS.map((group) => (
              <section key={group.id} aria-labelledby={`privacy-group-${group.id}`}>
                <h3 id={`privacy-group-${group.id}`}>{t.groupTitles[group.id]}</h3>
                <ul>
                  {group.lines.map((line) => (
                    <li key={line.es}>
                      {line[language]}{" "}
                      <span className="muted">
                        ({t.seenByLabel}: {line.seenBy.map((audience) => t.audiences[audience]).join(", ")})
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <p>{t.technicalLine}</p>
            <h3>{t.pushTitle}</h3>
            <p>{t.pushLine}</p>
            <h3>{t.deviceTitle}</h3>
            <p>{t.deviceLine}</p>
          </section>

          <section className="section" aria-labelledby="privacy-health">
            <h2 id="privacy-health">{t.healthTitle}</h2>
            <p>{t.healthLine}</p>
          </section>

          <section className="section" aria-labelledby="privacy-who">
            <h2 id="privacy-who">{t.whoTitle}</h2>
            <ul>
              {t.whoLines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>

          <section className="section" aria-labelledby="privacy-where">
            <h2 id="privacy-where">{t.whereTitle}</h2>
            <p>{t.whereLine}</p>
            <p>
              {t.regionLabel} <strong>{switches.data.firebase.serviceRegion ?? t.regionNotSet}</strong>
            </p>
          </section>

          <section className="section" aria-labelledby="privacy-how-long">
            <h2 id="privacy-how-long">{t.howLongTitle}</h2>
            <p>{t.howLongLine}</p>
          </section>

          <section className="section" aria-labelledby="privacy-stats">
            <h2 id="privacy-stats">{t.statsTitle}</h2>
            <p>{switches.data.firebase.measurementId ? t.statsLine : t.statsOff}</p>
          </section>

          <section className="section" aria-labelledby="privacy-rights">
            <h2 id="privacy-rights">{t.rightsTitle}</h2>
            <p>{t.rightsLine}</p>
            {site.data.contacts.some((contact) => !contact.phone && !contact.whatsapp) ? (
              <p>{t.contactsHidden}</p>
            ) : null}
            <p>{t.complaintLine}</p>
          </section>
          {site.data.contacts.length > 0 ? <ContactsSection contacts={site.data.contacts} /> : null}
        </>
      )}
    </section>
  );
}
