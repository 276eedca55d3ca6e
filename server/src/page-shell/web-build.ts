// The built page the BFF serves (WEB_DIST_DIR, written by `pnpm build`): its index.html with the stylesheet inlined,
// and the prerender beside it (web/dist-ssr). Read once at start; a build missing a part fails the start, saying how
// to fix it, rather than a guest's first visit.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RenderPublicPage } from "../contract/public-page";

export interface WebBuild {
  root: string;
  /** index.html as built, its stylesheets inlined. */
  template: string;
  /** The CSP sources that let exactly those inlined styles apply. */
  inlineStyleSources: string[];
  renderPage: RenderPublicPage;
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\.?\/?(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The stylesheet in the HTML instead of linked: first paint then needs the HTML alone, not one more round trip on a
 * weak signal (a few kB, revalidated with the page). Allowed by its hash, so the CSP still refuses any other style.
 */
function inlineStylesheets(root: string, html: string): { template: string; sources: string[] } {
  const sources: string[] = [];
  const template = html.replace(STYLESHEET, (_link, file: string) => {
    const css = readFileSync(path.join(root, file), "utf8");
    sources.push(`'sha256-${createHash("sha256").update(css).digest("base64")}'`);
    return `<style>${css}</style>`;
  });
  return { template, sources };
}

/**
 * The web build's prerender, beside its files (`pnpm build` writes web/dist and web/dist-ssr). A build without it
 * fails the start: a page served without its HTML would be blank until the app downloads, and nobody would notice.
 */
async function loadPrerender(root: string): Promise<RenderPublicPage> {
  const file = path.join(path.dirname(root), "dist-ssr", "render-public-page.js");
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build the web app with \`pnpm build\`, which writes dist and dist-ssr.`);
  }
  // By its real path, so a linked build's chunks load once (each copy of React would have its own contexts).
  const module = (await import(pathToFileURL(realpathSync(file)).href)) as { renderPublicPage?: RenderPublicPage };
  if (typeof module.renderPublicPage !== "function") {
    throw new Error(`${file} exports no renderPublicPage: rebuild the web app with \`pnpm build\`.`);
  }
  return module.renderPublicPage;
}

export async function loadWebBuild(webDistDir: string): Promise<WebBuild> {
  const root = path.resolve(webDistDir);
  if (!existsSync(path.join(root, "index.html"))) {
    throw new Error(`WEB_DIST_DIR ${root} has no index.html; build the web app first with \`pnpm build\`.`);
  }
  const { template, sources } = inlineStylesheets(root, readFileSync(path.join(root, "index.html"), "utf8"));
  return { root, template, inlineStyleSources: sources, renderPage: await loadPrerender(root) };
}
