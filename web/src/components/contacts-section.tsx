// Who to call or write to: the couple's contacts, on the dashboard and in the privacy notice.
import { pickText } from "@boda/server/contract/language";
import { useI18n } from "../lib/i18n/language";
import type { OpenSiteContent } from "../lib/trpc";

export function ContactsSection({ contacts }: { contacts: OpenSiteContent["contacts"] }) {
  const { t, language } = useI18n();
  return (
    <section className="section" aria-labelledby="contacts-title">
      <h2 id="contacts-title">{t.contactsTitle}</h2>
      <ul className="card-list card-grid">
        {contacts.map((contact, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list in which two contacts may share a name
          <li key={`${index}-${contact.name}`} className="card">
            <h3>{contact.name}</h3>
            <p className="muted">{pickText(contact.role, language)}</p>
            <div className="actions">
              {contact.phone ? (
                <a className="button" href={`tel:${contact.phone}`} aria-label={t.callContact(contact.name)}>
                  {t.call}
                </a>
              ) : null}
              {contact.whatsapp ? (
                <a
                  className="button button-secondary"
                  // wa.me wants the number with country code and no "+".
                  href={`https://wa.me/${contact.whatsapp.replace(/^\+/, "")}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t.whatsappContact(contact.name)}
                >
                  WhatsApp
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
