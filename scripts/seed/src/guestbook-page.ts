// The guestbook as one static HTML page the couple keeps after the day (`seed data archive`): every visible message
// with its author and time, Spanish first, readable on a phone, and self-contained — no scripts, no fonts, no
// images, nothing fetched (its own CSP says so), so it opens the same in ten years from a USB stick.
// Everything a guest wrote is escaped with escape-html; line breaks are kept by CSS, never by inserting markup.
import escapeHtml from "escape-html";

export interface GuestbookPageMessage {
  name: string;
  message: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

export interface GuestbookPageOptions {
  coupleNames: string;
  timeZone: string;
  messages: readonly GuestbookPageMessage[];
}

const STYLE = `
body{margin:0;font:1.0625rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f1d1a;background:#faf7f2}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 .25rem}
.en{color:#5c5750}
ol{list-style:none;margin:1.5rem 0 0;padding:0}
li{background:#fff;border:1px solid #e4ded4;border-radius:.75rem;padding:1rem;margin:0 0 1rem}
blockquote{margin:0 0 .5rem;white-space:pre-wrap;overflow-wrap:anywhere}
p{margin:0}
`;

export function guestbookPage(options: GuestbookPageOptions): string {
  const esDate = new Intl.DateTimeFormat("es-ES", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: options.timeZone,
  });
  const items = options.messages.map((each) => {
    const when = new Date(each.createdAt);
    return [
      "<li>",
      `<blockquote>${escapeHtml(each.message)}</blockquote>`,
      `<p>— ${escapeHtml(each.name)}, <time datetime="${when.toISOString()}">${escapeHtml(esDate.format(when))}</time></p>`,
      "</li>",
    ].join("");
  });
  const couple = escapeHtml(options.coupleNames);
  const count = options.messages.length;
  return [
    "<!doctype html>",
    '<html lang="es">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>Libro de visitas · ${couple}</title>`,
    `<style>${STYLE.trim()}</style>`,
    "</head>",
    "<body>",
    "<main>",
    `<h1>Libro de visitas · ${couple}</h1>`,
    `<p>${count === 1 ? "1 mensaje" : `${count} mensajes`} de nuestros invitados.</p>`,
    `<p class="en" lang="en">Guestbook: ${count === 1 ? "1 message" : `${count} messages`} from our guests.</p>`,
    count > 0 ? `<ol>${items.join("")}</ol>` : "<p>Nadie escribió en el libro de visitas.</p>",
    "</main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
