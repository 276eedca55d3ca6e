// How each kind of outbox item is sent to the BFF, and what its answer means for the outbox: landed, wait for the
// guest (a conflict, a refusal), or try again later (no network, a 5xx, too many posts for now).
import { TRPCClientError } from "@trpc/client";
import { type BffClient, errorReason } from "../trpc";
import type { OutboxItem, SendOutcome } from "./outbox";

/** The answers that say the item can never land as it is; anything else (no reply, 5xx, 408, 429) may pass. */
const REFUSED_STATUSES = new Set([400, 401, 403, 404, 409, 412, 422]);

function outcomeOf(error: unknown): SendOutcome {
  if (errorReason(error) === "answer-changed") return { outcome: "held", problem: "conflict" };
  const data =
    error instanceof TRPCClientError ? (error.data as { httpStatus?: number; retryAfterSeconds?: number }) : {};
  if (typeof data?.httpStatus === "number" && REFUSED_STATUSES.has(data.httpStatus)) {
    return { outcome: "held", problem: "refused" };
  }
  const afterSeconds = Number(data?.retryAfterSeconds);
  return Number.isFinite(afterSeconds) && afterSeconds > 0
    ? { outcome: "retry", afterMs: afterSeconds * 1000 }
    : { outcome: "retry" };
}

export function bffSenders(
  client: BffClient,
  onAnswerSaved: (rsvp: Awaited<ReturnType<BffClient["rsvp"]["submit"]["mutate"]>>) => void,
) {
  const attempt = async (send: () => Promise<void>): Promise<SendOutcome> => {
    try {
      await send();
      return { outcome: "sent" };
    } catch (error) {
      return outcomeOf(error);
    }
  };
  return {
    rsvp: (item: OutboxItem) =>
      attempt(async () => {
        if (item.kind !== "rsvp") throw new Error(`An outbox ${item.kind} item was given to the answer sender.`);
        // The item's id is the answer's idempotency key: a send that already landed is answered with what it saved.
        onAnswerSaved(await client.rsvp.submit.mutate({ ...item.input, submissionId: item.id }));
      }),
    guestbook: (item: OutboxItem) =>
      attempt(async () => {
        if (item.kind !== "guestbook")
          throw new Error(`An outbox ${item.kind} item was given to the guestbook sender.`);
        await client.guestbook.post.mutate({ ...item.input, postId: item.id });
      }),
  };
}
