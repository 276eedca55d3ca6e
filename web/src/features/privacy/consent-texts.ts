// The analytics question's texts and the footer's privacy links, in Spanish and English. Kept apart from the privacy
// notice's own texts, which load only with that screen.
import { defineTexts } from "../../lib/i18n/feature-texts";

export const consentTexts = defineTexts({
  es: {
    consentTitle: "¿Nos dejas contar las visitas?",
    consentBody:
      "Con tu permiso, Google Analytics cuenta qué pantallas se abren, para que los novios sepan qué os resulta útil. Para ello guarda cookies en este dispositivo. Si dices que no, no se carga ni se envía nada.",
    consentAccept: "Sí, contar",
    consentDecline: "No, gracias",
    consentMore: "Aviso de privacidad",
    consentChange: "Cookies y estadísticas",
    footerPrivacy: "Privacidad",
  },
  en: {
    consentTitle: "May we count visits?",
    consentBody:
      "With your permission, Google Analytics counts which screens are opened, so the couple know what you find useful. To do so it stores cookies on this device. If you say no, nothing is loaded or sent.",
    consentAccept: "Yes, count",
    consentDecline: "No, thanks",
    consentMore: "Privacy notice",
    consentChange: "Cookies and statistics",
    footerPrivacy: "Privacy",
  },
});
