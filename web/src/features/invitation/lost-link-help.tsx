// "Lost your link?": who to ask, by name; with a WhatsApp button when the viewer may see the contact's number.
import { useI18n } from "../../lib/i18n/language";
import type { SiteContent } from "../../lib/trpc";

export function LostLinkHelp({ site }: { site: SiteContent | undefined }) {
  const { t, language } = useI18n();
  if (!site) return null;
  const contact = site.contacts[0];
  const couple = site.couple.names.join(language === "es" ? " y " : " and ");
  const whatsapp = contact?.whatsapp;
  return (
    <div className="lost-link">
      <p className="muted">{t.askForLink(contact ? contact.name : couple)}</p>
      {contact && whatsapp ? (
        <a
          className="button button-secondary"
          href={`https://wa.me/${whatsapp.replace(/^\+/, "")}?text=${encodeURIComponent(t.lostLinkWhatsappText)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t.askOnWhatsapp(contact.name)}
        </a>
      ) : null}
    </div>
  );
}
