// What the BFF answers for the example wedding (Lucía & Mateo in Carmona), shaped as the page receives it.
import type { ConfigView, LocationItem, SiteContent } from "../lib/trpc";

export const siteContent: SiteContent = {
  couple: {
    names: ["Lucía", "Mateo"],
    story: {
      es: "Nos conocimos en un tren a Granada.",
      en: "We met on a train to Granada.",
    },
  },
  wedding: { date: "2027-06-12", timeZone: "Europe/Madrid" },
  hero: {
    title: { es: "¡Nos casamos!", en: "We're getting married!" },
    subtitle: { es: "Acompáñanos en Carmona, Sevilla", en: "Join us in Carmona, Seville" },
  },
  events: [
    {
      id: "fiesta",
      title: { es: "Fiesta", en: "Party" },
      start: "2027-06-13T00:30",
      end: "2027-06-13T04:00",
      locationId: "hacienda-los-olivos",
      locationName: "Hacienda Los Olivos",
      // No English on purpose: the page must fall back to Spanish.
      description: { es: "Barra libre hasta que el cuerpo aguante." },
      visibleTo: [],
    },
    {
      id: "ceremonia",
      title: { es: "Ceremonia", en: "Ceremony" },
      start: "2027-06-12T18:00",
      end: "2027-06-12T19:00",
      locationId: "iglesia-santa-maria",
      locationName: "Iglesia Prioral de Santa María",
      dressCode: { es: "Formal. Hará calor.", en: "Formal. It will be hot." },
      visibleTo: [],
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
  theme: {
    colors: { primary: "#6b4e31", background: "#fbf8f3", text: "#2b2620", accent: "#8a9a5b" },
    fonts: { heading: "Georgia, serif", body: "system-ui, sans-serif" },
  },
  changes: [],
  version: 3,
};

const church: LocationItem = {
  id: "iglesia-santa-maria",
  name: "Iglesia Prioral de Santa María",
  kind: "ceremony",
  address: "Plaza Marqués de las Torres, 41410 Carmona, Sevilla",
  coordinates: { lat: 37.4716, lng: -5.6418 },
  parking: { es: "Aparcamiento público en el Paseo del Estatuto.", en: "Public car park on Paseo del Estatuto." },
  arrival: { es: "Llegad 20 minutos antes." },
  links: {
    google: "https://www.google.com/maps/search/?api=1&query=37.4716%2C-5.6418",
    apple: "https://maps.apple.com/?ll=37.4716%2C-5.6418&q=Iglesia",
    waze: "https://waze.com/ul?ll=37.4716%2C-5.6418&navigate=yes",
    uber: "https://m.uber.com/ul/?action=setPickup&pickup=my_location",
  },
};

const estate: LocationItem = {
  id: "hacienda-los-olivos",
  name: "Hacienda Los Olivos",
  kind: "reception",
  address: "Carretera A-398 km 4, 41410 Carmona, Sevilla",
  coordinates: { lat: 37.4489, lng: -5.6102 },
  transport: { es: "Habrá autobús desde la iglesia a las 19:00.", en: "A coach leaves the church at 19:00." },
  links: {
    google: "https://www.google.com/maps/search/?api=1&query=37.4489%2C-5.6102",
    apple: "https://maps.apple.com/?ll=37.4489%2C-5.6102&q=Hacienda",
    waze: "https://waze.com/ul?ll=37.4489%2C-5.6102&navigate=yes",
    uber: "https://m.uber.com/ul/?action=setPickup&pickup=my_location",
  },
};

export const locations: LocationItem[] = [church, estate];

/** The places of one event, as `locations.list({ eventId })` answers. */
export function locationsOf(eventId: string): LocationItem[] {
  const event = siteContent.events.find((candidate) => candidate.id === eventId);
  return locations.filter((location) => location.id === event?.locationId);
}

/** What the BFF answers on a local stack: the Auth emulator, no Analytics, no push messaging. */
export const emulatorConfig: ConfigView = {
  phase: "rsvp-open",
  rsvp: { open: true, deadline: "2027-05-01" },
  guestbookEnabled: false,
  firebase: { projectId: "demo-boda", apiKey: "demo-api-key", authEmulatorUrl: "http://127.0.0.1:9099" },
};
