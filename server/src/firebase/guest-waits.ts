// Database calls a guest is waiting on: bounded in time, and "the database cannot answer right now" becomes 503 with
// Retry-After and a plain message instead of a hang (the SDKs retry an unreachable Firestore for about a minute, and
// hold a Realtime Database write until the database is back) or a 500 carrying gRPC internals.
import { UnavailableError } from "../errors";

/** gRPC status codes that mean Firestore could not answer now and the same call may work shortly. */
const TRANSIENT_GRPC_CODES = new Set([
  4, // DEADLINE_EXCEEDED
  8, // RESOURCE_EXHAUSTED (quota)
  14, // UNAVAILABLE (down, unreachable, restarting)
]);

/**
 * gRPC ABORTED: Firestore gave up on a transaction under contention (lock timeouts) after its own retries, e.g.
 * many devices of one household answering at once. Nothing was written, so sending again in a moment is right.
 */
const ABORTED = 10;

/**
 * Longer than a healthy Firestore ever takes, even with every device of a household saving at once (transactions
 * then queue for the document's lock: up to ~18 s measured against the emulator with ten at once), and still far
 * shorter than the SDK's own retrying of an unreachable Firestore (about 45 s per read, minutes for a transaction).
 */
export const GUEST_WAIT_MS = { read: 10_000, write: 30_000 } as const;

/**
 * Runs `call` for a guest who is waiting. `what` names it for the log and the message ("saving the answer").
 * `call` receives a signal that aborts when the guest has been told to try again: a transaction checks it before
 * writing, so an answer reported as not saved does not land later behind the guest's back.
 */
export async function whileGuestWaits<T>(
  what: string,
  call: (abandoned: AbortSignal) => Promise<T>,
  timeoutMs: number,
): Promise<T> {
  const abandon = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abandon.abort();
      reject(
        new UnavailableError(`The database did not answer within ${timeoutMs} ms while ${what}; try again shortly.`),
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([call(abandon.signal), outOfTime]);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === ABORTED) {
      throw new UnavailableError(`Many were saving at once and nothing was written while ${what}; send it again.`, 2);
    }
    if (TRANSIENT_GRPC_CODES.has(code as number)) {
      throw new UnavailableError(`The database cannot be reached right now while ${what}; try again shortly.`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
