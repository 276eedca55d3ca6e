// The push opt-in's texts, in Spanish and English.
import { useMemo } from "react";
import { defineTexts, useTexts } from "../../lib/i18n/feature-texts";
import { useI18n } from "../../lib/i18n/language";

export const pushTexts = defineTexts({
  es: {
    pushTitle: "Avisos el día de la boda",
    pushBody:
      "Recibe en el móvil los avisos de los novios (cambios de hora, el autobús…), aunque no tengas la página abierta.",
    pushPurpose: "Solo los usamos para los avisos de los novios sobre la boda; tu navegador te pedirá permiso.",
    pushEnable: "Quiero recibir avisos",
    pushEnabled: "Listo: recibirás los avisos de los novios en este dispositivo.",
    pushDenied: "Las notificaciones están bloqueadas en este navegador; puedes permitirlas en sus ajustes.",
    pushUnsupported: "Este navegador no admite avisos. Mira esta página el día: los avisos aparecen arriba.",
    pushFailed: "No hemos podido activar los avisos. Comprueba la conexión e inténtalo de nuevo.",
  },
  en: {
    pushTitle: "Updates on the day",
    pushBody: "Get the couple's updates on your phone (a change of time, the coach…), even with the page closed.",
    pushPurpose: "We use them only for the couple's updates about the wedding; your browser will ask you first.",
    pushEnable: "Send me updates",
    pushEnabled: "Done: you will get the couple's updates on this device.",
    pushDenied: "Notifications are blocked in this browser; you can allow them in its settings.",
    pushUnsupported: "This browser cannot receive updates. Check this page on the day: updates show at the top.",
    pushFailed: "We could not turn on updates. Check your connection and try again.",
  },
});

/** The page's shared texts plus the opt-in's own, in the guest's language. */
export function usePushText() {
  const { t } = useI18n();
  const own = useTexts(pushTexts);
  return useMemo(() => ({ ...t, ...own }), [t, own]);
}
