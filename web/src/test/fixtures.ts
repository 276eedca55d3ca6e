// The example wedding (Lucía & Mateo in Carmona) as the couple's content file holds it, and two invited
// households; component tests publish these to the in-memory BFF, whose real router shapes them for the page.
import { Content, type ContentInput } from "@boda/server/contract/content";
import type { Household } from "@boda/server/contract/household";
import { buildAudienceView } from "@boda/server/views/audience-view";
import type { LocationItem, OpenSiteContent } from "../lib/trpc";

export const content: ContentInput = {
  couple: {
    names: ["Lucía", "Mateo"],
    story: { es: "Nos conocimos en un tren a Granada.", en: "We met on a train to Granada." },
  },
  wedding: { date: "2027-06-12", timeZone: "Europe/Madrid" },
  hero: {
    title: { es: "¡Nos casamos!", en: "We're getting married!" },
    subtitle: { es: "Acompáñanos en Carmona, Sevilla", en: "Join us in Carmona, Seville" },
  },
  tags: [{ id: "familia", label: "Familia" }],
  locations: [
    {
      id: "iglesia-santa-maria",
      name: "Iglesia Prioral de Santa María",
      kind: "ceremony",
      address: "Plaza Marqués de las Torres, 41410 Carmona, Sevilla",
      coordinates: { lat: 37.4716, lng: -5.6418 },
      parking: { es: "Aparcamiento público en el Paseo del Estatuto.", en: "Public car park on Paseo del Estatuto." },
      arrival: { es: "Llegad 20 minutos antes." },
    },
    {
      id: "hacienda-los-olivos",
      name: "Hacienda Los Olivos",
      kind: "reception",
      address: "Carretera A-398 km 4, 41410 Carmona, Sevilla",
      coordinates: { lat: 37.4489, lng: -5.6102 },
      transport: { es: "Habrá autobús desde la iglesia a las 19:00.", en: "A coach leaves the church at 19:00." },
    },
    {
      id: "casa-familia",
      name: "Casa de la familia de Lucía",
      kind: "other",
      address: "Calle San Felipe 12, 41410 Carmona, Sevilla",
      coordinates: { lat: 37.4731, lng: -5.6445 },
    },
  ],
  events: [
    {
      id: "fiesta",
      title: { es: "Fiesta", en: "Party" },
      start: "2027-06-13T00:30",
      end: "2027-06-13T04:00",
      locationId: "hacienda-los-olivos",
      // No English on purpose: the page must fall back to Spanish.
      description: { es: "Barra libre hasta que el cuerpo aguante." },
    },
    {
      id: "ceremonia",
      title: { es: "Ceremonia", en: "Ceremony" },
      start: "2027-06-12T18:00",
      end: "2027-06-12T19:00",
      locationId: "iglesia-santa-maria",
      dressCode: { es: "Formal. Hará calor.", en: "Formal. It will be hot." },
    },
    {
      id: "banquete",
      title: { es: "Cóctel y banquete", en: "Cocktails and dinner" },
      start: "2027-06-12T19:30",
      end: "2027-06-13T00:30",
      locationId: "hacienda-los-olivos",
      meal: true,
    },
    {
      id: "cena-ensayo",
      title: { es: "Cena de ensayo", en: "Rehearsal dinner" },
      start: "2027-06-11T21:00",
      end: "2027-06-11T23:30",
      locationId: "casa-familia",
      visibleTo: ["familia"],
      meal: true,
    },
  ],
  accommodations: [
    {
      id: "parador-carmona",
      name: "Parador de Carmona",
      distanceKm: 4.2,
      url: "https://paradores.es/es/parador-de-carmona",
      bookingCode: "BODA-LYM",
      notes: { es: "Tarifa especial hasta el 1 de mayo.", en: "Special rate until 1 May." },
    },
  ],
  faq: [
    {
      question: { es: "¿Pueden venir niños?", en: "Are children welcome?" },
      answer: { es: "¡Claro!", en: "Of course!" },
    },
  ],
  gifts: {
    message: { es: "Vuestra presencia es nuestro mejor regalo.", en: "Your presence is our best gift." },
    registries: [{ name: "Lista de bodas El Corte Inglés", url: "https://www.elcorteingles.es/listadebodas/" }],
    bankTransfer: { holder: "Lucía Fernández y Mateo Ruiz", iban: "ES91 2100 0418 4502 0005 1332" },
  },
  contacts: [
    {
      name: "Carmen",
      role: { es: "Dudas del día y transporte", en: "Questions on the day and transport" },
      phone: "+34600111222",
      whatsapp: "+34600111222",
    },
  ],
  meals: [
    { id: "carne", label: { es: "Carne", en: "Meat" } },
    { id: "pescado", label: { es: "Pescado", en: "Fish" } },
    { id: "infantil", label: { es: "Menú infantil", en: "Kids' menu" } },
  ],
  rsvpQuestions: [
    { id: "autobus", kind: "yes-no", label: { es: "¿Usaréis el autobús?", en: "Will you take the coach?" } },
    { id: "cancion", kind: "text", label: { es: "Una canción que no puede faltar", en: "A song that must be played" } },
  ],
  weatherNote: { es: "Hará calor: traed abanico.", en: "It will be hot: bring a fan." },
  theme: {
    colors: { primary: "#6b4e31", background: "#fbf8f3", text: "#2b2620", accent: "#8a9a5b" },
    fonts: { heading: "Georgia, serif", body: "system-ui, sans-serif" },
  },
};

/** Three named members (one a child) and one plus-one to name; invited to the family dinner too. */
export const garcia: Household = {
  key: "fernandez-garcia",
  displayName: "Familia Fernández García",
  seats: 4,
  members: [
    { id: "carmen-garcia", name: "Carmen García", child: false },
    { id: "antonio-fernandez", name: "Antonio Fernández", child: false },
    { id: "pablo", name: "Pablo", child: true },
  ],
  plusOnes: 1,
  tags: ["familia"],
  language: "es",
  code: "ABCDEFGHJKMNPQRS",
  codeIssuedAt: "2026-10-01T10:00:00.000Z",
};

/** One English-speaking friend, not family. */
export const tom: Household = {
  key: "tom-baker",
  displayName: "Tom Baker",
  seats: 1,
  members: [{ id: "tom-baker", name: "Tom Baker", child: false }],
  plusOnes: 0,
  tags: [],
  language: "en",
  code: "TWXYZ23456789ABC",
  codeIssuedAt: "2026-10-01T10:00:00.000Z",
};

/**
 * The example wedding as the BFF's one audience function shapes it for the couple (every event and place), for tests
 * of page code that takes the views directly rather than through a screen.
 */
export function coupleViews(version = 3): { site: OpenSiteContent; locations: LocationItem[] } {
  const { site, locations } = buildAudienceView(
    { content: Content.parse(content), version, changes: [] },
    { kind: "couple" },
  );
  if (site.access === "invited-only") throw new Error("the couple sees everything");
  return { site, locations };
}
