// Caps on held connections: every open page holds one live stream (tRPC over server-sent events) for as long as it
// is open, so streams are counted while they are held — per signed-in household, per address for everyone else, and
// per instance below the container's concurrency, so /healthz, the content and answers always find room. A stream
// over a cap is answered 429 with Retry-After before it starts (the page backs off and tries again); the count is
// given back when the stream ends, however it ends (the page closes it, the connection drops, the server shuts down).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Viewer } from "../auth/viewer";

export interface LiveStreamLimits {
  /** Streams of one signed-in household (or the couple) at once: its phones, tablets and laptops. */
  perHousehold: number;
  /** Streams at once from one address (an IPv6 /64) that no household holds: strangers' pages. */
  perAddress: number;
  /** Streams at once on this instance: below the container's concurrency (250 on Cloud Run). */
  perInstance: number;
}

/** docs/security.md, "Held connections", says why these numbers. */
export const DEFAULT_LIVE_STREAM_LIMITS: LiveStreamLimits = { perHousehold: 8, perAddress: 8, perInstance: 200 };

/** A refused page's next try: the page's own back-off tops out at 30 s too (web/src/lib/live.tsx). */
export const LIVE_STREAM_RETRY_AFTER_SECONDS = 30;

const TRPC_PATH_PREFIX = "/trpc";
const LIVE_FEED_PROCEDURE = "live.feed";

export interface LiveStreamGate {
  /** Open streams now, by what they count against. */
  open(): { instance: number; byKey: ReadonlyMap<string, number> };
}

export function registerLiveStreamLimits(
  app: FastifyInstance,
  options: {
    limits: LiveStreamLimits;
    clientAddressOf: (request: FastifyRequest) => string;
    /** The request's viewer, verified once: tRPC's context reuses the same promise. */
    viewerOf: (request: FastifyRequest) => Promise<Viewer>;
  },
): LiveStreamGate {
  const byKey = new Map<string, number>();
  let instance = 0;

  const refuse = (reply: FastifyReply, message: string) =>
    reply
      .code(429)
      .header("retry-after", String(LIVE_STREAM_RETRY_AFTER_SECONDS))
      .send({ error: "Too Many Requests", message });

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || !isLiveFeed(request.url)) return;
    let viewer: Viewer | undefined;
    try {
      viewer = await options.viewerOf(request);
    } catch {
      // A refused session is tRPC's to answer (with its reason); the stream never opens, so nothing is counted.
      return;
    }
    const key =
      viewer.kind === "household"
        ? `household:${viewer.household.key}`
        : viewer.kind === "couple"
          ? `couple:${viewer.uid}`
          : `address:${options.clientAddressOf(request)}`;
    const cap = viewer.kind === "stranger" ? options.limits.perAddress : options.limits.perHousehold;
    const held = byKey.get(key) ?? 0;
    if (held >= cap) {
      return refuse(
        reply,
        `Too many live pages open at once here; try again in ${LIVE_STREAM_RETRY_AFTER_SECONDS} seconds.`,
      );
    }
    if (instance >= options.limits.perInstance) {
      return refuse(reply, `The site is very busy right now; try again in ${LIVE_STREAM_RETRY_AFTER_SECONDS} seconds.`);
    }
    byKey.set(key, held + 1);
    instance += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      instance -= 1;
      const left = (byKey.get(key) ?? 1) - 1;
      if (left > 0) byKey.set(key, left);
      else byKey.delete(key);
    };
    // "close" fires once the response is done or the connection is gone, whichever way the stream ended.
    reply.raw.once("close", release);
    request.raw.once("close", () => {
      if (reply.raw.writableEnded || reply.raw.destroyed) release();
    });
  });

  return { open: () => ({ instance, byKey }) };
}

/** The live feed however the URL spells it: percent-encoded, or named inside a batch (which tRPC then refuses). */
function isLiveFeed(url: string): boolean {
  let path = url.split("?")[0] ?? "";
  try {
    path = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (!path.startsWith(`${TRPC_PATH_PREFIX}/`)) return false;
  return path
    .slice(TRPC_PATH_PREFIX.length + 1)
    .split(",")
    .some((procedure) => procedure === LIVE_FEED_PROCEDURE);
}
