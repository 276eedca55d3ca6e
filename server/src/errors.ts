// Errors the BFF raises on purpose. Each carries a machine-readable reason the page turns into a message in the
// guest's language, and maps to one tRPC code (so one HTTP status) in trpc.ts. Catalogue: docs/errors.md.
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import type { ReadableIssue } from "./contract/issues";

export abstract class ReasonedError extends Error {
  abstract readonly code: TRPC_ERROR_CODE_KEY;
  constructor(
    readonly reason: string,
    message: string,
    /** Sent as Retry-After when the same request may work later. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A dependency (Firestore, a listener) is not answering: 503 with a Retry-After, never a hang or a 500. */
export class UnavailableError extends ReasonedError {
  override readonly name = "UnavailableError";
  readonly code = "SERVICE_UNAVAILABLE";
  constructor(message: string, retryAfterSeconds = 5) {
    super("unavailable", message, retryAfterSeconds);
  }
}

/** Why a signed-in browser's session was refused; the page signs out and says what to do. */
export type SessionProblem =
  | "invalid-token"
  | "expired-token"
  | "session-revoked"
  | "invitation-replaced"
  | "household-removed";

export class SessionError extends ReasonedError {
  override readonly name = "SessionError";
  readonly code = "UNAUTHORIZED";
  constructor(problem: SessionProblem, message: string) {
    super(problem, message);
  }
}

/** A request the guest can correct or retry: the code says which HTTP status, the reason which message to show. */
export class GuestError extends ReasonedError {
  override readonly name = "GuestError";
  constructor(
    readonly code: TRPC_ERROR_CODE_KEY,
    reason: string,
    message: string,
    retryAfterSeconds?: number,
    /** Field by field, for a form to show next to each field. */
    readonly issues?: ReadableIssue[],
  ) {
    super(reason, message, retryAfterSeconds);
  }
}
