// The practical parts of the dashboard: where to sleep, questions, gifts and whom to call.
import { pickText } from "@boda/server/contract/language";
import { useI18n } from "../../lib/i18n/language";
import type { OpenSiteContent } from "../../lib/trpc";

export function AccommodationsSection({ accommodations }: { accommodations: OpenSiteContent["accommodations"] }) {
  const { t, language } = useI18n();
  const km = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 1 });
  return (
    <section className="section" aria-labelledby="accommodations-title">
      <h2 id="accommodations-title">{t.accommodationsTitle}</h2>
      <ul className="card-list card-grid">
        {accommodations.map((place) => (
          <li key={place.id} className="card">
            <h3>{place.name}</h3>
            <p className="muted">{t.distanceKm(km.format(place.distanceKm))}</p>
            {place.notes ? <p>{pickText(place.notes, language)}</p> : null}
            {place.bookingCode ? (
              <p>
                {t.bookingCode}: <strong className="code">{place.bookingCode}</strong>
              </p>
            ) : null}
            {place.url ? (
              <a href={place.url} target="_blank" rel="noopener noreferrer">
                {t.websiteOf(place.name)}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FaqSection({ faq }: { faq: OpenSiteContent["faq"] }) {
  const { t, language } = useI18n();
  return (
    <section className="section" aria-labelledby="faq-title">
      <h2 id="faq-title">{t.faqTitle}</h2>
      <div className="faq">
        {faq.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list in which two entries may ask the same question
          <details key={`${index}-${entry.question.es}`}>
            <summary>{pickText(entry.question, language)}</summary>
            <p>{pickText(entry.answer, language)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

export function GiftsSection({ gifts }: { gifts: NonNullable<OpenSiteContent["gifts"]> }) {
  const { t, language } = useI18n();
  const transfer = gifts.bankTransfer;
  return (
    <section className="section" aria-labelledby="gifts-title">
      <h2 id="gifts-title">{t.giftsTitle}</h2>
      {gifts.message ? <p>{pickText(gifts.message, language)}</p> : null}
      {gifts.registries.length > 0 ? (
        <ul className="plain-list">
          {gifts.registries.map((registry) => (
            <li key={registry.url}>
              <a href={registry.url} target="_blank" rel="noopener noreferrer">
                {registry.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {gifts.giftTable ? (
        <>
          <h3>{t.giftTable}</h3>
          <p>{pickText(gifts.giftTable, language)}</p>
        </>
      ) : null}
      {transfer ? (
        <>
          <h3>{t.bankTransfer}</h3>
          <dl className="details">
            <div>
              <dt>{t.accountHolder}</dt>
              <dd>{transfer.holder}</dd>
            </div>
            <div>
              <dt>IBAN</dt>
              <dd className="code">{transfer.iban}</dd>
            </div>
            {transfer.bank ? (
              <div>
                <dt>{t.bank}</dt>
                <dd>{transfer.bank}</dd>
              </div>
            ) : null}
            {transfer.reference ? (
              <div>
                <dt>{t.transferReference}</dt>
                <dd>{pickText(transfer.reference, language)}</dd>
              </div>
            ) : null}
          </dl>
        </>
      ) : null}
    </section>
  );
}
