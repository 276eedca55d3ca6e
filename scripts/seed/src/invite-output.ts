// What `seed invites` hands the couple: invite links (dashboard + code + language), one QR code per household
// as SVG, a links CSV, and a print-ready HTML sheet of cards in each household's language.
import type { Household } from "@boda/server/contract/household";
import { formatInviteCode } from "@boda/server/contract/invite-code";
import type { Language } from "@boda/server/contract/language";
import { stringify } from "csv-stringify/sync";
import QRCode from "qrcode";
import { spreadsheetSafe } from "./spreadsheet-safe";

/** `https://boda.example/#/?invite=CODE&lang=es`: lands on the dashboard, signed in, in their language. */
export function inviteLink(baseUrl: string, code: string, language: Language): string {
  const query = new URLSearchParams({ invite: code, lang: language });
  return `${baseUrl.replace(/\/+$/, "")}/#/?${query.toString()}`;
}

export function qrSvg(link: string): Promise<string> {
  // Level M survives a crease or a coffee stain on a printed card.
  return QRCode.toString(link, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

export interface InviteCard {
  household: Pick<Household, "key" | "displayName" | "seats" | "language" | "code">;
  link: string;
  svg: string;
}

export function linksCsv(cards: readonly InviteCard[]): string {
  return stringify(
    cards.map(({ household, link }) =>
      [
        household.key,
        household.displayName,
        household.seats,
        household.language,
        formatInviteCode(household.code),
        link,
      ].map(spreadsheetSafe),
    ),
    { header: true, columns: ["key", "name", "seats", "language", "code", "link"] },
  );
}

const CARD_TEXT: Record<Language, { invited: string; scan: string; code: string; seats: (count: number) => string }> = {
  es: {
    invited: "¡Estáis invitados a nuestra boda!",
    scan: "Escanead el código o abrid el enlace para ver todos los detalles y confirmar asistencia.",
    code: "Código de invitación",
    seats: (count) => (count === 1 ? "1 plaza" : `${count} plazas`),
  },
  en: {
    invited: "You're invited to our wedding!",
    scan: "Scan the code or open the link to see every detail and to RSVP.",
    code: "Invitation code",
    seats: (count) => (count === 1 ? "1 seat" : `${count} seats`),
  },
};

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );
}

export function cardsHtml(cards: readonly InviteCard[], couple: { names: readonly string[]; date: string }): string {
  const title = couple.names.join(" & ");
  const items = cards
    .map(({ household, link, svg }) => {
      const text = CARD_TEXT[household.language];
      return `  <article class="card" lang="${household.language}">
    <p class="couple">${escapeHtml(title)} · ${escapeHtml(couple.date)}</p>
    <h2>${escapeHtml(household.displayName)}</h2>
    <p>${text.invited} <span class="seats">(${text.seats(household.seats)})</span></p>
    <div class="qr">${svg}</div>
    <p class="small">${text.scan}</p>
    <p class="small">${text.code}: <strong>${formatInviteCode(household.code)}</strong></p>
    <p class="link">${escapeHtml(link)}</p>
  </article>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)} — tarjetas de invitación</title>
<style>
  @page { size: A4; margin: 10mm; }
  body { font-family: Georgia, 'Times New Roman', serif; margin: 0; color: #2b2620; }
  .sheet { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; }
  .card { border: 1px dashed #999; padding: 6mm; height: 125mm; box-sizing: border-box; break-inside: avoid; text-align: center; }
  .couple { letter-spacing: 0.05em; text-transform: uppercase; font-size: 9pt; }
  h2 { margin: 2mm 0; font-size: 15pt; }
  .qr svg { width: 42mm; height: 42mm; }
  .small { font-size: 9pt; }
  .link { font-family: monospace; font-size: 7pt; word-break: break-all; }
</style>
</head>
<body>
<main class="sheet">
${items}
</main>
</body>
</html>
`;
}
