// The privacy notice's texts, in Spanish and English; they download with the screen (#/privacidad).
import { defineTexts } from "../../lib/i18n/feature-texts";
import type { Audience, StoredGroupId } from "./stored-data";

export const privacyTexts = defineTexts({
  es: {
    privacyTitle: "Privacidad",
    privacyIntro: (couple: string) =>
      `Esta página es de ${couple}. La usan solo para organizar su boda: saber quién viene, qué come cada persona y contaros los planes del día. Aquí está todo lo que guarda de vosotros, quién lo ve, dónde, hasta cuándo y cómo pedir una copia o que se borre.`,
    theCouple: "los novios",
    storedTitle: "Qué se guarda",
    groupTitles: {
      invitation: "Tu invitación (la escriben los novios)",
      answer: "Tu respuesta",
      history: "Los cambios de tu respuesta",
      guestbook: "El libro de visitas",
    } satisfies Record<StoredGroupId, string>,
    seenByLabel: "Lo ven",
    audiences: {
      household: "tu invitación",
      couple: "los novios",
      caterer: "el catering",
      invitedGuests: "los invitados",
    } satisfies Record<Audience, string>,
    technicalLine: "Y, para que todo funcione, identificadores internos y un número de versión de cada respuesta.",
    pushTitle: "Avisos en el móvil",
    pushLine:
      "Si activas los avisos, tu navegador da una dirección para enviarle mensajes. Firebase la guarda en la lista de tu idioma y solo se usa para los avisos de los novios el día de la boda.",
    deviceTitle: "En este dispositivo",
    deviceLine:
      "El navegador guarda tu idioma, que has abierto tu invitación, una copia de la página para verla sin conexión y tu respuesta a la pregunta de las estadísticas. Se borra al borrar los datos de este sitio en el navegador.",
    healthTitle: "Alergias: datos de salud",
    healthLine:
      "Contarlas es voluntario y solo sirve para que comas bien. Las ven tu invitación y los novios, y los novios pasan al catering el nombre, el menú y las alergias de quien viene a cada comida. Nadie más: ni otras invitaciones ni quien abre la página sin invitación.",
    whoTitle: "Quién lo ve",
    whoLines: [
      "Tu invitación: lo que respondéis, al abrirla con su enlace o su código.",
      "Los novios: todo, para organizar la boda.",
      "El catering: lo que le pasan los novios para las comidas.",
      "Los invitados: solo lo que escribas en el libro de visitas, con el nombre de tu invitación.",
    ],
    whereTitle: "Dónde se guarda",
    whereLine:
      "En Firebase, el servicio de Google que usa esta página, en el proyecto de los novios. Google lo guarda por encargo de los novios.",
    regionLabel: "Región de Google Cloud del servicio de la página:",
    regionNotSet: "sin definir (esta copia de la página no está desplegada en Google Cloud)",
    howLongTitle: "Hasta cuándo",
    howLongLine:
      "Hasta que los novios lo borran después de la boda: invitaciones, respuestas, sus cambios y el libro de visitas, todo de una vez.",
    statsTitle: "Estadísticas",
    statsLine:
      "Solo si dices que sí, Google Analytics cuenta qué pantallas se abren y acciones como «Cómo llegar», sin tu nombre ni tus respuestas, y guarda cookies en este dispositivo. Sin tu sí no se carga nada. Puedes cambiar tu elección abajo, en «Cookies y estadísticas».",
    statsOff: "En esta página las estadísticas están desactivadas: no se cuenta nada.",
    rightsTitle: "Pedir una copia o que se borre",
    rightsLine:
      "Pide a los novios o a sus contactos una copia de lo que se guarda de ti, que lo corrijan o que lo borren. Tu respuesta puedes cambiarla tú en «Confirmar» hasta la fecha límite.",
    contactsHidden: "Sus teléfonos aparecen al abrir tu invitación.",
    complaintLine:
      "Si crees que no se respetan tus datos, puedes reclamar ante la Agencia Española de Protección de Datos (aepd.es).",
  },
  en: {
    privacyTitle: "Privacy",
    privacyIntro: (couple: string) =>
      `This page belongs to ${couple}. They use it only to organise their wedding: to know who is coming, what each person eats, and to tell you the plans for the day. Here is everything it keeps about you, who sees it, where, until when, and how to ask for a copy or have it deleted.`,
    theCouple: "the couple",
    storedTitle: "What is kept",
    groupTitles: {
      invitation: "Your invitation (written by the couple)",
      answer: "Your answer",
      history: "Changes to your answer",
      guestbook: "The guestbook",
    },
    seenByLabel: "Seen by",
    audiences: {
      household: "your invitation",
      couple: "the couple",
      caterer: "the caterer",
      invitedGuests: "the guests",
    },
    technicalLine: "And, to make it all work, internal identifiers and a version number of each answer.",
    pushTitle: "Updates on your phone",
    pushLine:
      "If you turn on updates, your browser gives an address to send it messages. Firebase keeps it in your language's list, and it is used only for the couple's updates on the wedding day.",
    deviceTitle: "On this device",
    deviceLine:
      "The browser keeps your language, that you opened your invitation, a copy of the page to read offline, and your answer to the statistics question. It goes when you clear this site's data in the browser.",
    healthTitle: "Allergies: health data",
    healthLine:
      "Telling them is up to you, and they serve only to feed you well. Your invitation and the couple see them, and the couple give the caterer the name, meal and allergies of whoever comes to each meal. Nobody else: not other invitations, not whoever opens the page without an invitation.",
    whoTitle: "Who sees it",
    whoLines: [
      "Your invitation: what you answer, when opened with its link or code.",
      "The couple: everything, to organise the wedding.",
      "The caterer: what the couple give them for the meals.",
      "The guests: only what you write in the guestbook, with your invitation's name.",
    ],
    whereTitle: "Where it is kept",
    whereLine:
      "In Firebase, the Google service this page uses, in the couple's project. Google keeps it on the couple's behalf.",
    regionLabel: "Google Cloud region of the page's service:",
    regionNotSet: "not set (this copy of the page is not deployed to Google Cloud)",
    howLongTitle: "Until when",
    howLongLine:
      "Until the couple delete it after the wedding: invitations, answers, their changes and the guestbook, all at once.",
    statsTitle: "Statistics",
    statsLine:
      "Only if you say yes, Google Analytics counts which screens are opened and actions such as “Directions”, without your name or your answers, and stores cookies on this device. Without your yes nothing is loaded. You can change your choice below, under “Cookies and statistics”.",
    statsOff: "Statistics are off on this page: nothing is counted.",
    rightsTitle: "Ask for a copy or a deletion",
    rightsLine:
      "Ask the couple or their contacts for a copy of what is kept about you, to correct it or to delete it. You can change your answer yourself under “RSVP” until the deadline.",
    contactsHidden: "Their phone numbers show once you open your invitation.",
    complaintLine:
      "If you think your data is not respected, you can complain to the Spanish Data Protection Agency (aepd.es).",
  },
});
