// Firestore calls a guest is waiting on: bounded in time, and "Firestore cannot answer right now" becomes 503 with
// Retry-After and a plain message instead of a hang (the SDK retries an unreachable Firestore for about a minute)
// or a 500 carrying gRPC internals.
import { UnavailableError } from "../errors";

/** gRPC status codes that mean Firestore could not answer now and the same call may work shortly. */
const TRANSIENT_GRPC_CODES = new Set([
  4, // DEADLINE_EXCEEDED
  8, // RESOURCE_EXHAUSTED (quota)
  14, // UNAVAILABLE (down, unreachable, restarting)
]);

/** Long enough for a healthy Firestore under load, short enough that a phone is still waiting for the answer. */
export const GUEST_WAIT_MS = { read: 5000, write: 10_000 } as const;

/**
 * Runs `call` for a guest who is waiting. `what` names it for the log and the message ("saving the answer").
 * A write that runs out of time may still land later; the answer's revision check then makes a resend a 409 with
 * the newest answer to review, never a silent overwrite.
 */
export async function whileGuestWaits<T>(what: string, call: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new UnavailableError(`The database did not answer within ${timeoutMs} ms while ${what}; try again shortly.`),
        ),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([call(), outOfTime]);
  } catch (error) {
    if (TRANSIENT_GRPC_CODES.has((error as { code?: unknown }).code as number)) {
      throw new UnavailableError(`The database cannot be reached right now while ${what}; try again shortly.`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
