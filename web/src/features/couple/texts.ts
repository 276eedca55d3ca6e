// The couple's page texts, in Spanish and English; they download with the page, which only the couple opens.
import { useMemo } from "react";
import { defineTexts, useTexts } from "../../lib/i18n/feature-texts";
import { useI18n } from "../../lib/i18n/language";

export const coupleTexts = defineTexts({
  es: {
    coupleSignInIntro: "Solo para los novios: entrad con la cuenta que os creasteis para la boda.",
    coupleSignsOutGuest: "Al entrar como novios se cerrará la sesión de la invitación en este dispositivo.",
    email: "Correo electrónico",
    password: "Contraseña",
    signIn: "Entrar",
    coupleFieldsRequired: "Escribe el correo y la contraseña.",
    coupleWrongCredentials: "El correo o la contraseña no son correctos.",
    coupleNotCouple: "Esta cuenta no es la de los novios.",
    totalsInvited: "Invitaciones",
    totalsConfirmed: "Confirmadas",
    totalsDeclined: "No vienen",
    totalsPending: "Sin responder",
    totalsPeopleComing: "Personas que vienen",
    perEventTitle: "Por evento",
    perEventLine: (event: string, coming: number, pendingSeats: number) =>
      `${event}: ${coming} ${coming === 1 ? "viene" : "vienen"}, ${pendingSeats} ${pendingSeats === 1 ? "plaza" : "plazas"} sin responder`,
    householdsTitle: "Invitaciones",
    householdColumn: "Invitación",
    statusColumn: "Estado",
    comingColumn: "Vienen",
    answeredColumn: "Respondida",
    statusLabels: { confirmed: "Confirmada", declined: "No vienen", pending: "Sin responder" },
    messagesTitle: "Mensajes de los invitados",
  },
  en: {
    coupleSignInIntro: "For the couple only: sign in with the account you made for the wedding.",
    coupleSignsOutGuest: "Signing in as the couple ends the invitation's sign-in on this device.",
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    coupleFieldsRequired: "Type the email and the password.",
    coupleWrongCredentials: "The email or the password is not right.",
    coupleNotCouple: "This account is not the couple's.",
    totalsInvited: "Invitations",
    totalsConfirmed: "Confirmed",
    totalsDeclined: "Not coming",
    totalsPending: "Not answered",
    totalsPeopleComing: "People coming",
    perEventTitle: "Per event",
    perEventLine: (event: string, coming: number, pendingSeats: number) =>
      `${event}: ${coming} coming, ${pendingSeats} ${pendingSeats === 1 ? "seat" : "seats"} not answered`,
    householdsTitle: "Invitations",
    householdColumn: "Invitation",
    statusColumn: "Status",
    comingColumn: "Coming",
    answeredColumn: "Answered",
    statusLabels: { confirmed: "Confirmed", declined: "Not coming", pending: "Not answered" },
    messagesTitle: "Messages from guests",
  },
});

/** The page's shared texts plus the couple page's own, in the guest's language. */
export function useCoupleText() {
  const { t } = useI18n();
  const own = useTexts(coupleTexts);
  return useMemo(() => ({ ...t, ...own }), [t, own]);
}
