// The content query's fast path: `GET /trpc/site.content` answered before the tRPC pipeline runs, with bytes
// serialized and compressed (br, gzip) once per viewer's view, an ETag, and 304 on `If-None-Match`.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Viewer } from "../auth/viewer";
import type { Services } from "../context";
import type { SiteView } from "../contract/site-view";
import { viewOf } from "../routers/published";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The URL the page's own link calls: the query alone, no batch and no input, so it is stable and cacheable. */
export const CONTENT_PATH = "/trpc/site.content";

export interface ContentResponseOptions {
  services: Services;
  /** The same viewer resolution as tRPC's context: a signed-in request is verified exactly as the procedure would. */
  resolveViewer: (authorization: string | undefined) => Promise<Viewer>;
  /** Bodies smaller than this go out uncompressed, as the compression plugin would send them. */
  compressThreshold: number;
}

/** One view as it goes on the wire: tRPC's JSON envelope for a non-batched query, and its compressed forms. */
export interface EncodedView {
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Encodes each view once. Views are memoised per published version and audience (views/audience-view.ts), so a
 * view object stands for one version as one audience sees it: a publish, a `stranger_visibility` change or a
 * household's new tags yields another object, and the old one's bytes go with it.
 */
export function createViewEncoder(compressThreshold: number) {
  const encoded = new WeakMap<SiteView, Promise<EncodedView>>();
  return (site: SiteView): Promise<EncodedView> => {
    let found = encoded.get(site);
    if (!found) {
      found = encode(site, compressThreshold);
      encoded.set(site, found);
      // A failed compression must not stick: the next request tries again.
      found.catch(() => encoded.delete(site));
    }
    return found;
  };
}

async function encode(site: SiteView, compressThreshold: number): Promise<EncodedView> {
  // Exactly what tRPC writes for a non-batched query without a transformer.
  const identity = Buffer.from(JSON.stringify({ result: { data: site } }));
  const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  if (identity.length < compressThreshold) return { etag, identity };
  // Compressed once per view, so the slowest, smallest settings are worth it; off the event loop (zlib's threads).
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { etag, identity, br, gzip: gz };
}

/** The encoding to send: br, then gzip, among those the request accepts (q > 0); otherwise none. */
export function negotiateEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has("br") || accepted.has("*")) return "br";
  if (accepted.has("gzip") || accepted.has("x-gzip")) return "gzip";
  return undefined;
}

/** Weak comparison (RFC 9110 §13.1.2): the same opaque tag, with or without `W/`, or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}

/**
 * Registers the fast path as an `onRequest` hook, so a request it does not answer reaches tRPC's own route exactly
 * as before (same hooks, same handler). Its answers still pass the app's `onSend` hooks (request id, compression).
 */
export function registerContentResponse(app: FastifyInstance, options: ContentResponseOptions): void {
  const encoderFor = createViewEncoder(options.compressThreshold);

  /** The encoded view this request would get from the procedure, or undefined to let tRPC answer. */
  async function servable(request: FastifyRequest): Promise<EncodedView | undefined> {
    const { authorization } = request.headers;
    // Only from mirrors that are up to date: while one waits for its first snapshot or re-subscribes, tRPC answers
    // (waiting, serving the last good copy or failing as it does), so no request waits twice.
    if (!options.services.content.health().ready) return undefined;
    if (authorization !== undefined && !options.services.households.health().ready) return undefined;
    try {
      // The procedure's own path to the view (verified viewer, published content, switches, audience memo). Any
      // failure (a refused token, nothing published) is left for tRPC to answer and word; a refused token is then
      // checked twice, which costs a signature check against keys firebase-admin already holds.
      const viewer = await options.resolveViewer(authorization);
      return await encoderFor((await viewOf(options.services, viewer)).site);
    } catch {
      return undefined;
    }
  }

  app.addHook("onRequest", async (request, reply) => {
    // Anything but the bare query (a batch, an input, a streaming `trpc-accept`) keeps tRPC's own handling.
    if (request.method !== "GET" || request.url !== CONTENT_PATH) return;
    if (request.headers["trpc-accept"] !== undefined) return;
    const view = await servable(request);
    if (!view) return;
    const signedIn = request.headers.authorization !== undefined;
    reply
      .header("vary", "trpc-accept, accept, accept-encoding, authorization")
      .header("etag", view.etag)
      // Always revalidated (content changes without notice); a signed-in view is for that browser only.
      .header("cache-control", signedIn ? "private, no-cache" : "no-cache");
    if (matchesIfNoneMatch(request.headers["if-none-match"], view.etag)) {
      reply.code(304).send();
      return reply;
    }
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    const compressed = encoding ? view[encoding] : undefined;
    if (encoding && compressed) reply.header("content-encoding", encoding);
    reply.type("application/json").send(compressed ?? view.identity);
    return reply;
  });
}
