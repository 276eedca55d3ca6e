// Builds the BFF as a Fastify app with everything injected; the entry file and the tests both use this.
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyRequest } from "fastify";
import type { Viewer } from "./auth/viewer";
import type { RequestContext, Services } from "./context";
import { MAX_BATCH_SIZE, MAX_BODY_BYTES } from "./contract/request-limits";
import { ReasonedError } from "./errors";
import { addressKey, clientAddressFrom, NO_PROXY, type ProxyTrust } from "./http/client-address";
import { DEFAULT_LIVE_STREAM_LIMITS, type LiveStreamLimits, registerLiveStreamLimits } from "./http/live-stream-limits";
import { type LoadShedding, registerLoadShedding } from "./http/load-shedding";
import { registerQueryFastPath } from "./http/query-fast-path";
import { refusedRequestMessage, registerRequestLimits, requestIdFrom } from "./http/request-limits";
import { QuietRequestLog } from "./http/request-log";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerSiteShell } from "./page-shell/shell-routes";
import { createSiteShell } from "./page-shell/site-shell";
import { loadWebBuild } from "./page-shell/web-build";
import { closesWithApp, type Resource } from "./plugins/resource";
import { type AppRouter, appRouter } from "./routers/_app";

export interface BuildServerOptions {
  services: Services;
  /** Turns a request's `Authorization` header into a viewer (auth/viewer.ts); throws SessionError when refused. */
  resolveViewer: (authorization: string | undefined) => Promise<Viewer>;
  /** Resolves when Firestore answers; rejects otherwise (used by /readyz). */
  checkFirestore: () => Promise<void>;
  /**
   * Ends open live (SSE) streams. Called when the server starts closing: an open stream would otherwise keep
   * `close()` waiting forever.
   */
  endLiveStreams?: () => void;
  /**
   * What the BFF holds open (the services' listeners and timers, the Firebase app): each becomes a plugin that closes
   * it when the app closes, the last given first (so the services stop before the Firebase app they use goes), so
   * `app.close()` releases everything.
   */
  resources?: readonly Resource[];
  /** How long each resource may take to close before it is logged and left behind; a second unless given. */
  resourceCloseLimitMs?: number;
  /**
   * Behind Google's front end (Cloud Run, reached directly or through Firebase Hosting), the client's address is the
   * X-Forwarded-For entry Google appended, read from the right (http/client-address.ts); the entries a caller writes
   * are never read. Left out, the socket's peer is the client.
   */
  proxyTrust?: ProxyTrust;
  /** A pino logger; tests leave it out to keep their output quiet. */
  logger?: FastifyBaseLogger;
  /** Serve this built web app on the same origin (production). */
  webDistDir?: string;
  /**
   * Answer the page's public queries (`GET /trpc/site.content`, `/trpc/switches.get`, `/trpc/locations.list`) from
   * pre-serialized, pre-compressed answers with an ETag (http/query-fast-path.ts). On unless set to false; tests turn
   * it off to compare with stock tRPC.
   */
  queryFastPath?: boolean;
  /** Requests slower than this are logged (warn); others are not, so logging costs nothing on the hot path. */
  slowRequestMs?: number;
  /** The site's public address, for absolute links in previews; else the address each request came to. */
  siteUrl?: string;
  /** Served over HTTPS on a real project: browsers are told to stay on HTTPS (HSTS). */
  production?: boolean;
  /** Caps on open live streams (http/live-stream-limits.ts); the defaults unless given. */
  liveStreamLimits?: LiveStreamLimits;
  /** Turn requests away with 503 when the process is overloaded (http/load-shedding.ts); off unless given. */
  loadShedding?: LoadShedding;
}

/** Responses smaller than this go out uncompressed (compressing them saves less than it costs). */
const COMPRESS_THRESHOLD_BYTES = 1024;

export const TRPC_PREFIX = "/trpc";

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Each log line and each response carries the request id, so a guest's report can be found in the logs. A
    // caller's own id is kept only when it is short and plain (it lands in logs); otherwise one is made.
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers["x-request-id"]),
    // The batch link puts inputs in the query string; keep room for a page's worth of batched calls.
    routerOptions: { maxParamLength: 5000 },
    // An RSVP is a few kilobytes; anything far larger is refused before it is read (http/request-limits.ts).
    bodyLimit: MAX_BODY_BYTES,
    // X-Forwarded-For is read by http/client-address.ts, from the right; Fastify's own reading takes the left-most
    // entry, which the caller writes, so it stays off and `request.ip` is the socket's peer.
    trustProxy: false,
    // Per request, only errors and slow requests are logged (http/request-log.ts).
    logController: new QuietRequestLog(options.slowRequestMs ?? 1000),
  });

  // Registered before anything else, so they close after everything else.
  for (const resource of options.resources ?? []) {
    await app.register(closesWithApp(resource, options.resourceCloseLimitMs));
  }

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  // Set before any plugin is registered, so every plugin's context (tRPC's included) inherits it.
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, "request failed");
    // Hide 5xx details from browsers; 4xx messages are about their own request and safe to show.
    reply.code(status).send({ error: status >= 500 ? "Internal Server Error" : refusedRequestMessage(error) });
  });

  const proxyTrust = options.proxyTrust ?? NO_PROXY;
  /** The key every limit counts under for this request: the client's address, IPv6 by its /64. */
  const clientAddressOf = (request: FastifyRequest) =>
    addressKey(clientAddressFrom(request.socket.remoteAddress, request.headers["x-forwarded-for"], proxyTrust));

  // The viewer is verified at most once per request: by the live-stream gate or by a procedure that asks.
  const viewers = new WeakMap<FastifyRequest, Promise<Viewer>>();
  const viewerOf = (request: FastifyRequest) => {
    let viewer = viewers.get(request);
    if (!viewer) {
      viewer = options.resolveViewer(request.headers.authorization);
      // Only awaited by whoever asks; a refusal must not surface as an unhandled rejection meanwhile.
      viewer.catch(() => {});
      viewers.set(request, viewer);
    }
    return viewer;
  };

  // Read before the security headers: the CSP names the page's inlined styles by their hashes.
  const web = options.webDistDir ? await loadWebBuild(options.webDistDir) : undefined;

  registerRequestLimits(app);
  if (options.loadShedding) await registerLoadShedding(app, options.loadShedding);
  await registerSecurityHeaders(app, {
    firebaseWebConfig: options.services.firebaseWebConfig,
    inlineStyleSources: web?.inlineStyleSources ?? [],
    production: options.production ?? false,
  });

  registerLiveStreamLimits(app, {
    limits: options.liveStreamLimits ?? DEFAULT_LIVE_STREAM_LIMITS,
    clientAddressOf,
    viewerOf,
  });

  // Closing waits for every connection to end. Live streams never end by themselves, so they are ended here; a
  // keep-alive connection whose request finishes during the close would idle on, so its reply says "close".
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    options.endLiveStreams?.();
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });

  // Guests are often on a weak venue signal: every response worth it goes out brotli- or gzip-compressed.
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ["br", "gzip"] });

  // ── Query fast path (benchmarks and budgets): the page's public queries answered from pre-encoded answers before
  // tRPC runs; every other request, and any outcome but an answer, goes on to tRPC untouched.
  if (options.queryFastPath !== false) {
    registerQueryFastPath(app, {
      services: options.services,
      resolveViewer: options.resolveViewer,
      compressThreshold: COMPRESS_THRESHOLD_BYTES,
    });
  }
  // ── end of the query fast path ──

  await app.register(fastifyTRPCPlugin, {
    prefix: TRPC_PREFIX,
    trpcOptions: {
      router: appRouter,
      // A crafted batch of thousands of calls is refused whole, before any procedure runs.
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ req }): RequestContext => {
        return {
          services: options.services,
          // Verified at most once per request, and only by procedures that ask who is calling.
          viewer: () => viewerOf(req),
          clientAddress: clientAddressOf(req),
        };
      },
      responseMeta({ errors }) {
        // "Come back later" answers (429, 503) say when, so browsers and proxies back off instead of hammering.
        const retryAfter = Math.max(0, ...errors.map((error) => retryAfterOf(error.cause)));
        return retryAfter > 0 ? { headers: { "retry-after": String(retryAfter) } } : {};
      },
      onError({ error, path: procedure, req }) {
        // Developers get the details in the log; browsers only get the formatted message.
        if (error.code === "INTERNAL_SERVER_ERROR") req.log.error({ err: error, procedure }, "procedure failed");
        else req.log.info({ code: error.code, procedure, message: error.message }, "procedure rejected");
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);

  app.get("/healthz", async () => ({ status: "ok" }));

  // Readiness is public (Cloud Run probes it): the answer says only "unavailable"; why goes to the log.
  app.get("/readyz", async (request, reply) => {
    const unavailable = () => reply.code(503).header("retry-after", "5").send({ status: "unavailable" });
    try {
      await options.checkFirestore();
    } catch (error) {
      request.log.warn({ err: error }, "not ready: Firestore unreachable");
      return unavailable();
    }
    for (const [what, health] of [
      ["content", options.services.content.health()],
      ["guest list", options.services.households.health()],
    ] as const) {
      if (!health.ready) {
        request.log.warn({ what, reason: health.reason }, `not ready: ${what}`);
        return unavailable();
      }
    }
    return { status: "ready" };
  });

  if (web) {
    await app.register(fastifyStatic, {
      root: web.root,
      // index.html is the site shell's, filled from the published content (below), never the file as built.
      index: false,
      allowedPath: (pathName) => pathName !== "/index.html",
      setHeaders(response, filePath) {
        // Hashed assets never change; anything else must be revalidated so a new deploy is picked up.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  const prerender = web && {
    render: web.renderPage,
    // The page still works without its HTML (the app renders it): a failed prerender is logged, not a failed page.
    failed: (error: unknown) => app.log.error({ err: error }, "prerendering the page failed; serving it without"),
  };
  registerSiteShell(app, createSiteShell(options.services, web?.template, prerender), options.siteUrl);

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: "Not Found", message: `Nothing is served at ${request.method} ${request.url}.` });
  });

  return app;
}

function retryAfterOf(cause: unknown): number {
  return cause instanceof ReasonedError ? (cause.retryAfterSeconds ?? 0) : 0;
}
