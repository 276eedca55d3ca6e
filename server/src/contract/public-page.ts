// What the BFF prerenders into index.html and the page hydrates from: a stranger's view of the wedding, its places
// and the page's switches, as the three queries a stranger's first screen asks for would have answered them.
import type { Language } from "./language";
import type { PrerenderedScreen } from "./routes";
import type { LocationView, SiteSwitchesView, SiteView } from "./site-view";

/** The id of the `<script type="application/json">` block that carries the data (a data block never runs). */
export const PAGE_DATA_ID = "page-data";

export interface PublicPageData {
  /** `site.content`, `locations.list` (no input) and `switches.get`, as a stranger gets them. */
  site: SiteView;
  locations: LocationView[];
  switches: SiteSwitchesView;
  /** When the HTML was rendered (ISO 8601): what changes with the time is rendered, and hydrated, as of then. */
  renderedAt: string;
}

/** The web build's server entry (web/src/render-public-page.tsx): each prerendered screen's HTML in one language. */
export type RenderPublicPage = (data: PublicPageData, language: Language) => Promise<Record<PrerenderedScreen, string>>;

/** The JSON for the data block: `<` escaped, so no text in the content can close the script element. */
export function serializePageData(data: PublicPageData): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
