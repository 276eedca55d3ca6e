// What the page stores about guests, field by field, read from the stored documents' schemas: each record below must
// name every field of its document (TypeScript refuses a missing or unknown one, and stored-data.test.ts checks the
// schemas themselves), so a new stored field cannot be left out of the privacy notice.
import type { GuestbookEntry } from "@boda/server/contract/guestbook";
import type { Household } from "@boda/server/contract/household";
import type { Rsvp, RsvpChange, RsvpPerson } from "@boda/server/contract/rsvp";

/** Who can see a piece of data, besides Google, which stores it for the couple (Firebase). */
export type Audience = "household" | "couple" | "caterer" | "invitedGuests";

export interface StoredField {
  es: string;
  en: string;
  seenBy: readonly Audience[];
}

/** A field that only makes the page work (an id, a counter) and says nothing more about anyone. */
export const TECHNICAL = "technical";
type Line = StoredField | typeof TECHNICAL;

/** Written by the couple from their guest list (`pnpm seed invites`); `households/{key}` in Firestore. */
export const HOUSEHOLD_FIELDS: Record<keyof Household, Line> = {
  key: TECHNICAL,
  displayName: {
    es: "El nombre de tu invitación («Familia García»)",
    en: "Your invitation's name (“The García family”)",
    seenBy: ["household", "couple", "invitedGuests"],
  },
  seats: { es: "Cuántas plazas tiene", en: "How many seats it has", seenBy: ["household", "couple"] },
  members: {
    es: "El nombre de cada persona invitada y si es un niño o una niña",
    en: "Each invited person's name, and whether they are a child",
    seenBy: ["household", "couple", "caterer"],
  },
  plusOnes: {
    es: "Cuántos acompañantes sin nombre",
    en: "How many unnamed plus-ones",
    seenBy: ["household", "couple"],
  },
  tags: {
    es: "A qué grupo de invitados perteneces, que decide a qué eventos estás invitado",
    en: "Which group of guests you belong to, which decides the events you are invited to",
    seenBy: ["couple"],
  },
  language: { es: "Tu idioma (español o inglés)", en: "Your language (Spanish or English)", seenBy: ["couple"] },
  nicknames: {
    es: "Los apodos con los que los novios te conocen, para encontrar tu invitación si la pierdes",
    en: "The nicknames the couple know you by, to find your invitation if you lose it",
    seenBy: ["couple"],
  },
  email: {
    es: "Tu correo electrónico, si los novios lo tienen (para enviarte un enlace de acceso si pierdes la invitación)",
    en: "Your email address, if the couple have it (to send you a sign-in link if you lose your invitation)",
    seenBy: ["couple"],
  },
  table: {
    es: "Tu mesa en el banquete, que ves en la semana de la boda",
    en: "Your table at the banquet, which you see in the wedding week",
    seenBy: ["household", "couple", "caterer"],
  },
  phone: {
    es: "Tu teléfono, si los novios lo tienen (para recordarte que respondas)",
    en: "Your phone number, if the couple have it (to remind you to answer)",
    seenBy: ["couple"],
  },
  code: {
    es: "El código de tu invitación, que abre la página como invitado",
    en: "Your invitation's code, which opens the page as a guest",
    seenBy: ["household", "couple"],
  },
  codeIssuedAt: TECHNICAL,
};

/** One person's answer (`rsvps/{householdKey}`, in `people`). */
export const PERSON_FIELDS: Record<keyof RsvpPerson, Line> = {
  personId: TECHNICAL,
  name: {
    es: "El nombre de cada persona, también el de los acompañantes que añadas",
    en: "Each person's name, including the plus-ones you add",
    seenBy: ["household", "couple", "caterer"],
  },
  child: {
    es: "Si un acompañante es un niño o una niña",
    en: "Whether a plus-one is a child",
    seenBy: ["household", "couple", "caterer"],
  },
  attending: {
    es: "A qué eventos viene cada persona",
    en: "Which events each person comes to",
    seenBy: ["household", "couple", "caterer"],
  },
  mealId: { es: "El menú de cada persona", en: "Each person's meal", seenBy: ["household", "couple", "caterer"] },
  dietary: {
    es: "Alergias e intolerancias marcadas (sin gluten, frutos secos…): datos de salud",
    en: "Allergies and intolerances ticked (gluten-free, nuts…): health data",
    seenBy: ["household", "couple", "caterer"],
  },
  dietaryNotes: {
    es: "Lo que escribas sobre alergias y dieta: datos de salud",
    en: "What you write about allergies and diet: health data",
    seenBy: ["household", "couple", "caterer"],
  },
};

/** The household's answer as a whole (`rsvps/{householdKey}`). */
export const RSVP_FIELDS: Record<keyof Rsvp, Line> = {
  householdKey: TECHNICAL,
  people: TECHNICAL, // each person's answer: PERSON_FIELDS
  answers: {
    es: "Tus respuestas a las preguntas de los novios (el autobús, una canción…)",
    en: "Your answers to the couple's questions (the coach, a song…)",
    seenBy: ["household", "couple"],
  },
  message: { es: "Tu mensaje para los novios", en: "Your message for the couple", seenBy: ["household", "couple"] },
  respondedAt: {
    es: "Cuándo respondiste por última vez",
    en: "When you last answered",
    seenBy: ["household", "couple"],
  },
  revision: TECHNICAL,
  submissionId: TECHNICAL,
};

/** Every change to an answer (`rsvps/{householdKey}/history/{revision}`). */
export const HISTORY_FIELDS: Record<keyof RsvpChange, Line> = {
  revision: TECHNICAL,
  at: { es: "Cuándo se hizo cada cambio", en: "When each change was made", seenBy: ["couple"] },
  by: {
    es: "Quién hizo cada cambio: tu invitación o los novios",
    en: "Who made each change: your invitation or the couple",
    seenBy: ["couple"],
  },
  before: {
    es: "La respuesta antes de cada cambio",
    en: "The answer before each change",
    seenBy: ["couple"],
  },
  after: { es: "La respuesta después de cada cambio", en: "The answer after each change", seenBy: ["couple"] },
};

/** A guestbook message (`/guestbook/{id}` in the Realtime Database). */
export const GUESTBOOK_FIELDS: Record<keyof GuestbookEntry, Line> = {
  householdKey: TECHNICAL,
  name: {
    es: "El nombre de tu invitación junto a tu mensaje",
    en: "Your invitation's name beside your message",
    seenBy: ["couple", "invitedGuests"],
  },
  message: {
    es: "Lo que escribas en el libro de visitas",
    en: "What you write in the guestbook",
    seenBy: ["couple", "invitedGuests"],
  },
  createdAt: { es: "Cuándo lo escribiste", en: "When you wrote it", seenBy: ["couple", "invitedGuests"] },
  hidden: {
    es: "Si los novios lo han ocultado (ocultar no lo borra)",
    en: "Whether the couple hid it (hiding does not delete it)",
    seenBy: ["couple"],
  },
};

/** The lines of a document's fields that say something about a person. */
function described(fields: Record<string, Line>): StoredField[] {
  return Object.values(fields).filter((line): line is StoredField => line !== TECHNICAL);
}

/** The notice's groups, in the order the page shows them. */
export const STORED_GROUPS = [
  { id: "invitation", lines: described(HOUSEHOLD_FIELDS) },
  { id: "answer", lines: [...described(PERSON_FIELDS), ...described(RSVP_FIELDS)] },
  { id: "history", lines: described(HISTORY_FIELDS) },
  { id: "guestbook", lines: described(GUESTBOOK_FIELDS) },
] as const;
export type StoredGroupId = (typeof STORED_GROUPS)[number]["id"];
