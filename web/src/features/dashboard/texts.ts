// The dashboard's texts for the phases of the wedding (save the date, the week, the day, after), in Spanish and
// English; they download with the dashboard.
import { useMemo } from "react";
import { defineTexts, useTexts } from "../../lib/i18n/feature-texts";
import { useI18n } from "../../lib/i18n/language";

export const dashboardTexts = defineTexts({
  es: {
    saveTheDateTitle: "¡Reserva la fecha!",
    saveTheDateBody: "La invitación llegará pronto, con todos los detalles y la forma de confirmar asistencia.",
    nowNextTitle: "Ahora en la boda",
    onNow: "Ahora",
    upNext: "A continuación",
    untilTime: (time: string) => `hasta las ${time}`,
    atTimeAndPlace: (time: string, place: string) => `a las ${time}, en ${place}`,
    dayOver: "La celebración ha terminado. ¡Gracias por venir!",
    weatherTitle: "El tiempo",
    directionsTitle: "Cómo llegar",
    directionsBody:
      "Direcciones, aparcamiento y transporte de cada lugar, con enlaces a Google Maps, Apple Maps, Waze y Uber.",
    directionsLink: "Ver cómo llegar",
    thanksTitle: "¡Gracias por acompañarnos!",
    thanksBody: "Fue un día precioso gracias a vosotros.",
    photosTitle: "Fotos",
  },
  en: {
    saveTheDateTitle: "Save the date!",
    saveTheDateBody: "The invitation is on its way, with every detail and how to RSVP.",
    nowNextTitle: "At the wedding now",
    onNow: "Now",
    upNext: "Next",
    untilTime: (time: string) => `until ${time}`,
    atTimeAndPlace: (time: string, place: string) => `at ${time}, at ${place}`,
    dayOver: "The celebration is over. Thank you for coming!",
    weatherTitle: "The weather",
    directionsTitle: "Getting there",
    directionsBody:
      "Addresses, parking and transport for each place, with links to Google Maps, Apple Maps, Waze and Uber.",
    directionsLink: "See how to get there",
    thanksTitle: "Thank you for celebrating with us!",
    thanksBody: "It was a beautiful day because of you.",
    photosTitle: "Photos",
  },
});

/** The page's shared texts plus the dashboard's own, in the guest's language. */
export function useDashboardText() {
  const { t } = useI18n();
  const own = useTexts(dashboardTexts);
  return useMemo(() => ({ ...t, ...own }), [t, own]);
}
