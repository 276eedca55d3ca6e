// The fast path of the page's public queries: `GET /trpc/site.content`, `GET /trpc/switches.get` and
// `GET /trpc/locations.list` (bare, or with one event's input as the page's link writes it) answered before the tRPC
// pipeline runs, with bytes serialized and compressed (br, gzip) once per answer, an ETag, and 304 on
// `If-None-Match`. Anything it does not answer reaches tRPC unchanged.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Viewer } from "../auth/viewer";
import type { Services } from "../context";
import { LocationsListInput } from "../contract/locations";
import type { LocationView, SiteSwitchesView } from "../contract/site-view";
import type { Switches } from "../contract/switches";
import type { AudienceView } from "../views/audience-view";
import { eventLocations, viewOf } from "../views/published";
import { siteSwitchesView } from "../views/switches-view";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The URLs the page's own link calls: one query each, no batch, so they are stable and cacheable. */
export const FAST_QUERY_PATHS = {
  content: "/trpc/site.content",
  switches: "/trpc/switches.get",
  locations: "/trpc/locations.list",
} as const;

export interface QueryFastPathOptions {
  services: Services;
  /** The same viewer resolution as tRPC's context: a signed-in request is verified exactly as the procedure would. */
  resolveViewer: (authorization: string | undefined) => Promise<Viewer>;
  /** Bodies smaller than this go out uncompressed, as the compression plugin would send them. */
  compressThreshold: number;
}

/** One answer as it goes on the wire: tRPC's JSON envelope for a non-batched query, and its compressed forms. */
export interface EncodedAnswer {
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Encodes each answer once, keyed by the answer object itself. Every query below hands out the same object for as
 * long as its answer stays the same (views are memoised per published version and audience, views/audience-view.ts;
 * the switches view per switches object), so a publish, a switch change or a household's new tags yields another
 * object, and the old one's bytes go with it.
 */
export function createAnswerEncoder(compressThreshold: number) {
  const encoded = new WeakMap<object, Promise<EncodedAnswer>>();
  return (answer: object): Promise<EncodedAnswer> => {
    let found = encoded.get(answer);
    if (!found) {
      found = encode(answer, compressThreshold);
      encoded.set(answer, found);
      // A failed compression must not stick: the next request tries again.
      found.catch(() => encoded.delete(answer));
    }
    return found;
  };
}

async function encode(answer: object, compressThreshold: number): Promise<EncodedAnswer> {
  // Exactly what tRPC writes for a non-batched query without a transformer.
  const identity = Buffer.from(JSON.stringify({ result: { data: answer } }));
  const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  if (identity.length < compressThreshold) return { etag, identity };
  return { etag, identity, ...(await compressOnce(identity)) };
}

/**
 * Text compressed once, for every request that will send it: so the slowest, smallest settings are worth it; off the
 * event loop (zlib's threads). Also the page's HTML (page-shell/site-shell.ts).
 */
export async function compressOnce(identity: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
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
  return { br, gzip: gz };
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

/** The only input a fast query takes: one event's place (`locations.list`). */
type EventInput = { eventId: string };

/** A query the fast path answers; `undefined` from any of its steps leaves the request to tRPC. */
type FastQuery =
  | {
      /** A `publicProcedure`: the answer depends on who asks, so the viewer is verified as tRPC would. */
      perViewer: true;
      /** The input from the raw `input=` query parameter, only in the canonical form the page's link writes. */
      input?: (raw: string) => EventInput | undefined;
      /** The procedure's answer, the same object for as long as it stays the same (the encoder's key). */
      answer(services: Services, viewer: Viewer, input: EventInput | undefined): Promise<object | undefined>;
    }
  | {
      /** A `sessionlessProcedure`: the `Authorization` header is never read, and everyone gets the same bytes. */
      perViewer: false;
      input?: undefined;
      answer(services: Services): object;
    };

/** The switches view, built once per switches object: a switch change is a new object, hence new bytes and ETag. */
function switchesAnswers() {
  const built = new WeakMap<Switches, SiteSwitchesView>();
  return (services: Services): SiteSwitchesView => {
    const switches = services.switches.current();
    let view = built.get(switches);
    if (!view) {
      // siteSwitchesView reads the switches again; should they change in between, this key is already superseded
      // and no later request asks for it.
      view = siteSwitchesView(services);
      built.set(switches, view);
    }
    return view;
  };
}

/** One event's place, built once per audience view and event (only events on that view's program). */
function eventLocationAnswers() {
  const built = new WeakMap<AudienceView, Map<string, LocationView[]>>();
  return (view: AudienceView, eventId: string): LocationView[] | undefined => {
    let byEvent = built.get(view);
    if (!byEvent) {
      byEvent = new Map();
      built.set(view, byEvent);
    }
    let locations = byEvent.get(eventId);
    if (!locations) {
      // Unknown events are not kept: tRPC answers them (NOT_FOUND), and a stranger cannot grow this map.
      locations = eventLocations(view, eventId);
      if (locations) byEvent.set(eventId, locations);
    }
    return locations;
  };
}

/** `{"eventId":"…"}` exactly as the client writes it (`encodeURIComponent(JSON.stringify(input))`), valid. */
function canonicalEventInput(raw: string): EventInput | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
  const input = LocationsListInput.safeParse(parsed);
  const eventId = input.success ? input.data?.eventId : undefined;
  if (!eventId || encodeURIComponent(JSON.stringify({ eventId })) !== raw) return undefined;
  return { eventId };
}

function fastQueries(): Map<string, FastQuery> {
  const switchesAnswer = switchesAnswers();
  const eventLocationsAnswer = eventLocationAnswers();
  return new Map<string, FastQuery>([
    [
      FAST_QUERY_PATHS.content,
      { perViewer: true, answer: async (services, viewer) => (await viewOf(services, viewer)).site },
    ],
    [
      FAST_QUERY_PATHS.locations,
      {
        perViewer: true,
        input: canonicalEventInput,
        async answer(services, viewer, input) {
          const view = await viewOf(services, viewer);
          return input ? eventLocationsAnswer(view, input.eventId) : view.locations;
        },
      },
    ],
    [FAST_QUERY_PATHS.switches, { perViewer: false, answer: (services) => switchesAnswer(services) }],
  ]);
}

/** What tRPC's answer depends on besides the URL; a per-viewer answer also on the `Authorization` header. */
const VARY = "trpc-accept, accept, accept-encoding";

/**
 * Registers the fast path as an `onRequest` hook, so a request it does not answer reaches tRPC's own route exactly
 * as before (same hooks, same handler). Its answers still pass the app's `onSend` hooks (request id, compression).
 */
export function registerQueryFastPath(app: FastifyInstance, options: QueryFastPathOptions): void {
  const encoderFor = createAnswerEncoder(options.compressThreshold);
  const queries = fastQueries();

  /** The encoded answer this request would get from the procedure, or undefined to let tRPC answer. */
  async function servable(
    request: FastifyRequest,
    query: FastQuery,
    input: EventInput | undefined,
  ): Promise<EncodedAnswer | undefined> {
    const { services } = options;
    const { authorization } = request.headers;
    try {
      if (!query.perViewer) return await encoderFor(query.answer(services));
      // Only from mirrors that are up to date: while one waits for its first snapshot or re-subscribes, tRPC
      // answers (waiting, serving the last good copy or failing as it does), so no request waits twice.
      if (!services.content.health().ready) return undefined;
      if (authorization !== undefined && !services.households.health().ready) return undefined;
      // The procedure's own path to its answer (verified viewer, published content, switches, audience memo). Any
      // failure (a refused token, nothing published, an unknown event) is left for tRPC to answer and word; a
      // refused token is then checked twice, which costs a signature check against keys firebase-admin already holds.
      const answer = await query.answer(services, await options.resolveViewer(authorization), input);
      return answer && (await encoderFor(answer));
    } catch {
      return undefined;
    }
  }

  function send(request: FastifyRequest, reply: FastifyReply, perViewer: boolean, answer: EncodedAnswer): void {
    const ownView = perViewer && request.headers.authorization !== undefined;
    reply
      .header("vary", perViewer ? `${VARY}, authorization` : VARY)
      .header("etag", answer.etag)
      // Always revalidated (content and switches change without notice); a signed-in view is for that browser only.
      .header("cache-control", ownView ? "private, no-cache" : "no-cache");
    if (matchesIfNoneMatch(request.headers["if-none-match"], answer.etag)) {
      reply.code(304).send();
      return;
    }
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    const compressed = encoding ? answer[encoding] : undefined;
    if (encoding && compressed) reply.header("content-encoding", encoding);
    reply.type("application/json").send(compressed ?? answer.identity);
  }

  // Callback style: an answered request never calls `done` (Fastify's way to respond from a hook), and no promise of
  // the reply is handed back to wait on; one not answered calls it and goes on to tRPC.
  app.addHook("onRequest", (request, reply, done) => {
    if (request.method !== "GET") return done();
    // Only the bare query, or `?input=` alone for a query that takes one; a batch, any other parameter or a
    // streaming `trpc-accept` keeps tRPC's own handling.
    const queryStart = request.url.indexOf("?");
    const query = queries.get(queryStart < 0 ? request.url : request.url.slice(0, queryStart));
    if (!query || request.headers["trpc-accept"] !== undefined) return done();
    let input: EventInput | undefined;
    if (queryStart >= 0) {
      const raw = /^input=([^&]*)$/.exec(request.url.slice(queryStart + 1))?.[1];
      input = raw === undefined ? undefined : query.input?.(raw);
      if (!input) return done();
    }
    servable(request, query, input).then(
      (answer) => (answer ? send(request, reply, query.perViewer, answer) : done()),
      () => done(),
    );
  });
}
