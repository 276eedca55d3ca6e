// Stopping the BFF (SIGTERM from Cloud Run on a new revision or a scale-in, Ctrl-C locally): stop taking new
// connections, end the open live streams (an open SSE stream would keep `close()` waiting forever), let requests
// already in flight finish, release what the app holds open (its resource plugins close with it), then exit.
// Bounded: Cloud Run sends SIGKILL 10 s after SIGTERM.
import type { FastifyInstance } from "fastify";

export interface ShutdownOptions {
  /** Past this, exit anyway (with 1) rather than be killed mid-write. */
  limitMs: number;
  exit: (code: number) => void;
}

/** Cloud Run gives 10 s between SIGTERM and SIGKILL; finish well inside it. */
export const SHUTDOWN_LIMIT_MS = 8000;

/** The handler for SIGTERM/SIGINT; a second signal while closing changes nothing. */
export function gracefulShutdown(app: FastifyInstance, options: ShutdownOptions): (signal: string) => Promise<void> {
  let closing = false;
  return async (signal) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: ending live streams, finishing requests in flight");
    const forced = setTimeout(() => {
      app.log.error({ limitMs: options.limitMs }, "shutdown took too long; exiting anyway");
      options.exit(1);
    }, options.limitMs);
    forced.unref();
    // `close()` runs the preClose hook that ends live streams, waits for requests in flight, then closes every
    // resource (each within its own limit).
    await app.close();
    clearTimeout(forced);
    options.exit(0);
  };
}
