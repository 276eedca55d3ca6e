// Under overload the BFF says "busy, come back in a few seconds" at once (503 with Retry-After), instead of
// answering everyone slowly until requests time out. @fastify/under-pressure samples the event loop and memory;
// /healthz keeps answering, so the platform does not restart an instance that is only busy.
import underPressure, { type FastifyUnderPressureOptions } from "@fastify/under-pressure";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

type PressureHandler = NonNullable<FastifyUnderPressureOptions["pressureHandler"]>;

/**
 * /healthz goes on (undefined); anything else is answered with the returned body. The plugin sends a returned value
 * as the reply (its code does; its types only admit void), which avoids sending twice.
 */
function busy(request: FastifyRequest, reply: FastifyReply): { error: string; message: string } | undefined {
  if (request.url === "/healthz") return undefined;
  reply.code(503).header("retry-after", String(BUSY_RETRY_AFTER_SECONDS));
  return {
    error: "Service Unavailable",
    message: `The site is very busy right now; try again in ${BUSY_RETRY_AFTER_SECONDS} seconds.`,
  };
}

export interface LoadShedding {
  /** Event-loop delay (ms) above which requests are turned away. */
  maxEventLoopDelay?: number;
  /** Heap in use (bytes) above which requests are turned away. */
  maxHeapUsedBytes?: number;
  /** How often the process is sampled (ms). */
  sampleInterval?: number;
}

/** What the production BFF uses: a second of event-loop delay means guests are already waiting too long. */
export const PRODUCTION_LOAD_SHEDDING: LoadShedding = { maxEventLoopDelay: 1000 };

export const BUSY_RETRY_AFTER_SECONDS = 5;

export async function registerLoadShedding(app: FastifyInstance, limits: LoadShedding): Promise<void> {
  await app.register(underPressure, {
    ...limits,
    pressureHandler: busy as unknown as PressureHandler,
  });
}
