// Requests are checked for size before any work is done on them: an over-long URL is refused here, an over-large
// body by Fastify's bodyLimit (its 413 gets a message that says what to do), an over-large batch by tRPC.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { MAX_BODY_BYTES, MAX_URL_CHARS } from "../contract/request-limits";

/** Short and plain: what a proxy or a support request would carry, and safe to write into a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's x-request-id when it is a safe id; otherwise a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === "string" && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

export function registerRequestLimits(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.length > MAX_URL_CHARS) {
      return reply.code(414).send({
        error: "URI Too Long",
        message: `The address is ${request.url.length} characters long; the most this site accepts is ${MAX_URL_CHARS}. Send fewer calls at once.`,
      });
    }
  });
}

/** The message for a request Fastify refused before reading it, where its own says too little to act on. */
export function refusedRequestMessage(error: { code?: string; message: string }): string {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return `The request body is larger than ${MAX_BODY_BYTES / 1024} KB, the most this site accepts; send less at once.`;
  }
  return error.message;
}
