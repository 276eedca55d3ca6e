// What the page is before its scripts run, built from the published content: index.html with the couple's names in
// the <title>, the link-preview tags WhatsApp and others read (hash routes cannot provide them) and, prerendered in
// the guest's language with the page's own components, both public screens and the data they were rendered from
// (the page hydrates them); the web app manifest, and icons and a share image drawn in the theme's colours. Each is
// built once per published version (and switches) and only from what a stranger may see, since whoever pastes a
// link shows the preview to anyone.
import { createHash } from "node:crypto";
import { Resvg } from "@resvg/resvg-js";
import escapeHtml from "escape-html";
import type { PublishedContent } from "../content/content-repository";
import type { Services } from "../context";
import type { Theme } from "../contract/content";
import { type Language, pickText } from "../contract/language";
import { PAGE_DATA_ID, type PublicPageData, type RenderPublicPage, serializePageData } from "../contract/public-page";
import { FIRST_SCREEN_SCRIPT, PRERENDERED_SCREENS, type PrerenderedScreen } from "../contract/routes";
import type { LocationView, OpenSiteView, SiteView } from "../contract/site-view";
import type { Switches } from "../contract/switches";
import { compressOnce } from "../http/query-fast-path";
import { buildAudienceView } from "../views/audience-view";
import { siteSwitchesView } from "../views/switches-view";

/** Where index.html receives the tags; a comment, so the file works as it is when Vite serves it in development. */
export const SHELL_MARKER = /<!-- site-shell[^>]*-->/;
/** Where the first-screen script goes: right after this tag (or, without one, at the start of <head>). */
const VIEWPORT = /<meta name="viewport"[^>]*>/i;
/** Where the prerendered screens go: the app's mount point, empty in the template. */
const ROOT_ELEMENT = '<div id="root"></div>';

export const ICON_SIZES = [192, 512] as const;
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export interface ShellAsset {
  body: string | Buffer;
  etag: string;
  contentType: string;
  /** The body compressed once (the page's HTML), sent as it is to whoever accepts it. */
  br?: Buffer;
  gzip?: Buffer;
}

export interface SiteShell {
  /** Whether there is a web build whose index.html this shell fills. */
  servesPages: boolean;
  /** index.html for a page at `origin` (absolute URLs are required by link previews), in `language`. */
  indexHtml(origin: string, language: Language): Promise<ShellAsset>;
  manifest(): Promise<ShellAsset>;
  icon(size: number, maskable: boolean): Promise<ShellAsset>;
  shareImage(): Promise<ShellAsset>;
}

const FALLBACK_THEME: Theme = {
  colors: { primary: "#6b4e31", background: "#fbf8f3", text: "#2b2620", accent: "#8a9a5b" },
  fonts: { heading: "Georgia, serif", body: "system-ui, sans-serif" },
};

function asset(body: string | Buffer, contentType: string): ShellAsset {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { body, etag, contentType };
}

/** The wedding day as a stranger may read it ("sábado, 12 de junio de 2027"), or nothing under "nothing". */
function weddingDay(site: OpenSiteView): string {
  return new Intl.DateTimeFormat("es-ES", { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(`${site.wedding.date}T12:00:00Z`),
  );
}

/** Where the wedding is, for the preview: the place of the first event on the program. */
function weddingPlace(site: OpenSiteView): string | undefined {
  const first = [...site.events].sort((a, b) => a.start.localeCompare(b.start))[0];
  return first?.locationName;
}

export interface PreviewText {
  title: string;
  description: string;
}

/** The words of the link preview, from the stranger's view only (no private details ever reach a preview). */
export function previewText(site: SiteView | undefined): PreviewText {
  if (!site) return { title: "Boda", description: "Toda la información de la boda." };
  const names = site.couple.names.join(" & ");
  if (site.access === "invited-only") {
    return {
      title: `${names} · Boda`,
      description: `La boda de ${site.couple.names.join(" y ")}. Abre tu invitación para ver los detalles.`,
    };
  }
  const day = weddingDay(site);
  const place = weddingPlace(site);
  const subtitle = site.hero.subtitle ? pickText(site.hero.subtitle, "es") : undefined;
  return {
    title: `${names} · ${pickText(site.hero.title, "es")}`,
    description: [day.charAt(0).toUpperCase() + day.slice(1), place, subtitle].filter(Boolean).join(" · "),
  };
}

function previewTags(text: PreviewText, theme: Theme, origin: string): string {
  const e = (value: string) => escapeHtml(value);
  const image = `${origin}/share.png`;
  return [
    `<meta name="description" content="${e(text.description)}" />`,
    `<meta name="theme-color" content="${e(theme.colors.background)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="es_ES" />`,
    `<meta property="og:url" content="${e(`${origin}/`)}" />`,
    `<meta property="og:title" content="${e(text.title)}" />`,
    `<meta property="og:description" content="${e(text.description)}" />`,
    `<meta property="og:image" content="${e(image)}" />`,
    `<meta property="og:image:width" content="${SHARE_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${SHARE_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${e(text.title)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e(text.title)}" />`,
    `<meta name="twitter:description" content="${e(text.description)}" />`,
    `<meta name="twitter:image" content="${e(image)}" />`,
  ].join("\n    ");
}

/** What a stranger's first screens show, prerendered, and the data they were rendered from. */
export interface PrerenderedPage {
  language: Language;
  screens: Record<PrerenderedScreen, string>;
  data: PublicPageData;
}

/** The prerendered screens (one shown by the first-screen script and styles.css), the data block, the mount point. */
function prerenderedBody(page: PrerenderedPage): string {
  const screens = PRERENDERED_SCREENS.map((screen) => `<div id="page-${screen}">${page.screens[screen]}</div>`);
  const data = `<script type="application/json" id="${PAGE_DATA_ID}">${serializePageData(page.data)}</script>`;
  return [...screens, data, ROOT_ELEMENT].join("\n    ");
}

/**
 * The template with the couple's <title> and the tags (no meta the template had is left to contradict them) and,
 * when there is a prerendered page, its language, its first-screen script and its screens.
 */
export function fillIndexHtml(
  template: string,
  text: PreviewText,
  theme: Theme,
  origin: string,
  page?: PrerenderedPage,
): string {
  if (!SHELL_MARKER.test(template)) {
    throw new Error("index.html has no <!-- site-shell --> marker; the BFF cannot add the link-preview tags.");
  }
  const filled = template
    // Replacer functions, so a "$&" in a name is text, not a replacement pattern.
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(text.title)}</title>`)
    .replace(/\s*<meta name="(?:description|theme-color)"[^>]*>/g, "")
    .replace(SHELL_MARKER, () => previewTags(text, theme, origin));
  if (!page) return filled;
  return (
    filled
      .replace(/<html lang="[^"]*"/, () => `<html lang="${page.language}"`)
      // Early in <head>, after the charset and the viewport (the first paint must already be laid out for a phone),
      // before any stylesheet (an inline script after one would wait for it to download).
      .replace(
        VIEWPORT.test(filled) ? VIEWPORT : /<head>/i,
        (tag) => `${tag}\n    <script>${FIRST_SCREEN_SCRIPT}</script>`,
      )
      .replace(ROOT_ELEMENT, () => prerenderedBody(page))
  );
}

/** Two interlocking rings in the theme's colours: the page's mark, drawn without any font. */
function ringsSvg(theme: Theme, width: number, height: number, scale: number): string {
  const { primary, accent, background } = theme.colors;
  const cx = width / 2;
  const cy = height / 2;
  const r = Math.min(width, height) * 0.2 * scale;
  const stroke = r * 0.28;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="100%" height="100%" fill="${background}"/>
  <circle cx="${cx - r * 0.55}" cy="${cy}" r="${r}" fill="none" stroke="${primary}" stroke-width="${stroke}"/>
  <circle cx="${cx + r * 0.55}" cy="${cy}" r="${r}" fill="none" stroke="${accent}" stroke-width="${stroke}"/>
</svg>`;
}

function png(svg: string): Buffer {
  return new Resvg(svg).render().asPng();
}

export function createSiteShell(
  services: Services,
  template: string | undefined,
  /** The web build's prerender, and what to do when it fails; without it index.html carries the tags only. */
  prerenderer?: { render: RenderPublicPage; failed: (error: unknown) => void },
): SiteShell {
  // A build without the marker is refused at start-up, not on a guest's first visit.
  if (template !== undefined && !SHELL_MARKER.test(template)) {
    throw new Error(
      "The web build's index.html has no <!-- site-shell --> marker, so the BFF cannot add the couple's title and " +
        "link-preview tags. Keep the marker in web/index.html's <head> and rebuild with `pnpm build`.",
    );
  }
  // Everything is derived from the published object and the switches, so a new publish or a switch change builds
  // it afresh.
  const cache = new Map<string, Promise<ShellAsset>>();
  let cachedFor: { published: PublishedContent | null; switches: Switches; minute: number } | undefined;
  interface Stranger {
    site: SiteView;
    locations: LocationView[];
  }
  const memo = async (
    key: string,
    build: (stranger: Stranger | undefined, theme: Theme) => ShellAsset | Promise<ShellAsset>,
  ) => {
    // Without content (not published, or Firestore unreachable) the shell is still served, with neutral words.
    const published = await services.content.current().catch(() => null);
    // On the day the page shows what is on now: its HTML is rendered afresh each minute, not once per publish.
    const current = services.switches.current();
    const minute = current.site_phase === "day-of" ? Math.floor(services.now().getTime() / 60_000) : 0;
    // The switches source hands out a new object only when a switch changes: compared by identity, so a page view
    // costs no serialisation.
    if (cachedFor?.published !== published || cachedFor.switches !== current || cachedFor.minute !== minute) {
      cache.clear();
      cachedFor = { published, switches: current, minute };
    }
    let built = cache.get(key);
    if (!built) {
      const visibility = services.switches.current().stranger_visibility;
      const stranger = published ? buildAudienceView(published, { kind: "stranger", visibility }) : undefined;
      built = Promise.resolve().then(() => build(stranger, stranger?.site.theme ?? FALLBACK_THEME));
      cache.set(key, built);
      // A failed build (a prerender that threw) must not stick: the next request tries again.
      built.catch(() => cache.delete(key));
    }
    return built;
  };

  const prerender = async (
    stranger: Stranger | undefined,
    language: Language,
  ): Promise<PrerenderedPage | undefined> => {
    if (!prerenderer || !stranger) return undefined;
    const data: PublicPageData = {
      site: stranger.site,
      locations: stranger.locations,
      switches: siteSwitchesView(services),
      renderedAt: services.now().toISOString(),
    };
    try {
      return { language, data, screens: await prerenderer.render(data, language) };
    } catch (error) {
      prerenderer.failed(error);
      return undefined;
    }
  };

  return {
    servesPages: template !== undefined,
    indexHtml: (origin, language) =>
      memo(`index:${origin}:${language}`, async (stranger, theme) => {
        if (!template) throw new Error("No web build to serve index.html from.");
        const page = await prerender(stranger, language);
        const html = fillIndexHtml(template, previewText(stranger?.site), theme, origin, page);
        // Every visit gets these bytes until the next publish: compressed once here, not on each request.
        return { ...asset(html, "text/html; charset=utf-8"), ...(await compressOnce(Buffer.from(html))) };
      }),
    manifest: () =>
      memo("manifest", (stranger, theme) => {
        const site = stranger?.site;
        const names = site ? site.couple.names.join(" & ") : "Boda";
        const manifest = {
          name: site ? `${names} · Boda` : "Boda",
          short_name: names,
          description: previewText(site).description,
          lang: "es",
          start_url: "/#/",
          scope: "/",
          display: "standalone",
          background_color: theme.colors.background,
          theme_color: theme.colors.background,
          icons: [
            ...ICON_SIZES.map((size) => ({
              src: `/icons/icon-${size}.png`,
              sizes: `${size}x${size}`,
              type: "image/png",
            })),
            { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          ],
        };
        return asset(JSON.stringify(manifest), "application/manifest+json");
      }),
    icon: (size, maskable) =>
      // A maskable icon keeps its drawing inside the central safe zone, whatever shape the phone cuts it to.
      memo(`icon:${size}:${maskable}`, (_site, theme) =>
        asset(png(ringsSvg(theme, size, size, maskable ? 0.8 : 1.15)), "image/png"),
      ),
    shareImage: () =>
      memo("share", (_site, theme) =>
        asset(png(ringsSvg(theme, SHARE_IMAGE.width, SHARE_IMAGE.height, 1.3)), "image/png"),
      ),
  };
}
