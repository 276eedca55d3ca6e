// The site shell over HTTP: index.html (no-cache, so a new deploy or publish shows at once) in the guest's language,
// the web app manifest, icons and the share image, each with an ETag so a browser or a link-preview fetcher can
// revalidate cheaply.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import { LANGUAGES, type Language } from "../contract/language";
import { negotiateEncoding } from "../http/query-fast-path";
import { ICON_SIZES, type ShellAsset, type SiteShell } from "./site-shell";

/** `?lang=es|en` (an invite link, or the page's own first-screen script), then the browser's languages; Spanish. */
export function pageLanguage(request: FastifyRequest): Language {
  const asked = (request.query as { lang?: unknown }).lang;
  if ((LANGUAGES as readonly unknown[]).includes(asked)) return asked as Language;
  const accepted = new Negotiator(request).language([...LANGUAGES]);
  return (accepted as Language | undefined) ?? "es";
}

/** Adds to the Vary header rather than replacing what another part of the answer put there. */
function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader("vary");
  const fields = new Set(
    String(current ?? "")
      .split(",")
      .map((each) => each.trim())
      .filter(Boolean),
  );
  fields.add(field);
  reply.header("vary", [...fields].join(", "));
}

function send(request: FastifyRequest, reply: FastifyReply, asset: ShellAsset, cacheControl: string) {
  reply.header("etag", asset.etag).header("cache-control", cacheControl).type(asset.contentType);
  if (request.headers["if-none-match"] === asset.etag) return reply.code(304).send();
  // Compressed ahead (the page): sent as it is, which the compression plugin then leaves alone.
  const encoding = asset.br && asset.gzip ? negotiateEncoding(request.headers["accept-encoding"]) : undefined;
  const compressed = encoding ? asset[encoding] : undefined;
  if (encoding && compressed) {
    reply.header("content-encoding", encoding);
    addVary(reply, "accept-encoding");
    return reply.send(compressed);
  }
  return reply.send(asset.body);
}

const ICON_FILE = /^(icon|maskable)-(\d+)\.png$/;

export function registerSiteShell(app: FastifyInstance, shell: SiteShell, siteUrl: string | undefined): void {
  const origin = (request: FastifyRequest) => siteUrl ?? `${request.protocol}://${request.host}`;
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    addVary(reply, "accept-language");
    return send(request, reply, await shell.indexHtml(origin(request), pageLanguage(request)), "no-cache");
  };
  // Without a web build (development: Vite serves the page) only the images and manifest are the BFF's.
  if (shell.servesPages) {
    app.get("/", page);
    app.get("/index.html", page);
  }
  app.get("/manifest.webmanifest", async (request, reply) => send(request, reply, await shell.manifest(), "no-cache"));
  app.get<{ Params: { file: string } }>("/icons/:file", async (request, reply) => {
    const match = ICON_FILE.exec(request.params.file);
    const size = Number(match?.[2]);
    const maskable = match?.[1] === "maskable";
    if (!match || !(ICON_SIZES as readonly number[]).includes(size) || (maskable && size !== 512)) {
      return reply.callNotFound();
    }
    return send(request, reply, await shell.icon(size, maskable), "public, max-age=86400");
  });
  app.get("/share.png", async (request, reply) =>
    send(request, reply, await shell.shareImage(), "public, max-age=3600"),
  );
}
