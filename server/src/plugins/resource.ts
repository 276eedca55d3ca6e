// What the BFF holds open (the Firebase app, the Firestore mirrors, the live hub's Realtime Database listeners,
// timers) as Fastify plugins that let it go when the app closes, so `app.close()` is all a caller needs. Closing is
// bounded: a resource that has not closed within its limit is logged and left behind, so one stuck connection never
// holds shutdown up (graceful-shutdown.ts has Cloud Run's 10 s to fit in).
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";

export interface Resource {
  /** What it is, for the shutdown log ("the live hub"). */
  name: string;
  close(): void | Promise<void>;
}

/** How long one resource may take to close; a few of them stay well inside the shutdown limit. */
export const RESOURCE_CLOSE_LIMIT_MS = 1000;

/** A plugin that closes `resource` when the app closes, waiting for it at most `limitMs`. */
export function closesWithApp(resource: Resource, limitMs = RESOURCE_CLOSE_LIMIT_MS): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onClose", async (instance) => closeWithin(resource, limitMs, instance.log));
  };
}

async function closeWithin(resource: Resource, limitMs: number, log: FastifyBaseLogger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<"over the limit">((resolve) => {
    timer = setTimeout(() => resolve("over the limit"), limitMs);
  });
  const closing = Promise.resolve()
    .then(() => resource.close())
    .then(
      () => "closed" as const,
      (error: unknown) => ({ error }),
    );
  const outcome = await Promise.race([closing, limit]);
  clearTimeout(timer);
  if (outcome === "closed") log.info({ resource: resource.name }, `closed ${resource.name}`);
  else if (outcome === "over the limit")
    log.error({ resource: resource.name, limitMs }, `${resource.name} did not close within ${limitMs} ms; left behind`);
  else log.error({ err: outcome.error, resource: resource.name }, `closing ${resource.name} failed`);
}
