// What the BFF logs per request: errors, and requests slower than a threshold; never an info line per request,
// which under a guest-list rush costs more than the answers themselves.
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

export class QuietRequestLog extends LogController {
  constructor(private readonly slowRequestMs: number) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (reply.elapsedTime < this.slowRequestMs) return;
    // Live streams (SSE) stay open for minutes by design: they are not slow requests.
    if (String(reply.getHeader("content-type")).startsWith("text/event-stream")) return;
    reply.log.warn({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime) }, "slow request");
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    // A browser leaving a page closes its live stream: that is how every visit ends, not a problem.
    if ((error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    super.streamError(error, request, reply);
  }
}
