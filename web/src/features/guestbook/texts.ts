// The guestbook's texts, in Spanish and English; they download with the dashboard.
import { useMemo } from "react";
import { defineTexts, useTexts } from "../../lib/i18n/feature-texts";
import { useI18n } from "../../lib/i18n/language";

export const guestbookTexts = defineTexts({
  es: {
    guestbookTitle: "Libro de visitas",
    guestbookIntro: "Dejad unas palabras para los novios; todos los invitados las ven al momento.",
    guestbookEmpty: "Todavía no hay mensajes. ¡Sed los primeros!",
    messageLabel: "Vuestro mensaje",
    charactersLeft: (left: number) => (left === 1 ? "Queda 1 carácter" : `Quedan ${left} caracteres`),
    publish: "Publicar",
    publishing: "Publicando…",
    published: "¡Mensaje publicado!",
    problemEmpty: "Escribe un mensaje antes de publicar.",
    problemTooLong: (max: number) => `Como mucho ${max} caracteres; acórtalo un poco.`,
    problemControlCharacters: "Hay caracteres que no se pueden guardar; vuelve a escribirlo.",
    problemTooMany: (minutes: number) =>
      `Habéis escrito varios mensajes seguidos. Esperad ${minutes === 1 ? "1 minuto" : `${minutes} minutos`} y volved a probar.`,
    problemClosed: "Los novios han cerrado el libro de visitas.",
    problemNetwork: "No se ha podido publicar. Tu mensaje sigue aquí; vuelve a intentarlo.",
  },
  en: {
    guestbookTitle: "Guestbook",
    guestbookIntro: "Leave a few words for the couple; every guest sees them straight away.",
    guestbookEmpty: "No messages yet. Be the first!",
    messageLabel: "Your message",
    charactersLeft: (left: number) => (left === 1 ? "1 character left" : `${left} characters left`),
    publish: "Post",
    publishing: "Posting…",
    published: "Message posted!",
    problemEmpty: "Write a message before posting.",
    problemTooLong: (max: number) => `At most ${max} characters; please shorten it a little.`,
    problemControlCharacters: "Some characters cannot be saved; please type it again.",
    problemTooMany: (minutes: number) =>
      `You have posted several messages in a row. Wait ${minutes === 1 ? "1 minute" : `${minutes} minutes`} and try again.`,
    problemClosed: "The couple has closed the guestbook.",
    problemNetwork: "It could not be posted. Your message is still here; try again.",
  },
});

/** The page's shared texts plus the guestbook's own, in the guest's language. */
export function useGuestbookText() {
  const { t } = useI18n();
  const own = useTexts(guestbookTexts);
  return useMemo(() => ({ ...t, ...own }), [t, own]);
}
