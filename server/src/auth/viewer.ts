// Who is asking, decided from the verified Firebase ID token only: a stranger (no token), an invited household
// (a token minted when its invite code was redeemed), or the couple (the `couple` claim `seed couple add` sets).
// The household's current record comes from the server's own guest list, never from the browser.
import type { DecodedIdToken } from "firebase-admin/auth";
import type { Household } from "../contract/household";
import { SessionError, UnavailableError } from "../errors";
import type { HouseholdDirectory } from "../households/household-directory";

export type Viewer =
  | { kind: "stranger" }
  | { kind: "household"; uid: string; household: Household }
  | { kind: "couple"; uid: string };

/** Claims of the custom token minted on redemption; `codeIssuedAt` ties the session to the code that made it. */
export interface HouseholdClaims {
  householdKey: string;
  tags: string[];
  codeIssuedAt: string;
}

export const COUPLE_CLAIM = "couple";

const HOUSEHOLD_UID_PREFIX = "household:";

export function householdUid(householdKey: string): string {
  return `${HOUSEHOLD_UID_PREFIX}${householdKey}`;
}

/**
 * Verifies an ID token's signature, project and expiry, and — for every session, the couple's and the households' —
 * that it was not revoked and its account is not disabled (firebase-admin's `verifyIdToken(token, true)`, see
 * `sessionTokenVerifier` in services.ts). The Auth emulator always checks revocation; a real project only when asked,
 * so asking always keeps production behaving as the tests prove.
 */
export type VerifyIdToken = (token: string) => Promise<DecodedIdToken>;

/** firebase-admin's answers that mean "this session is over" rather than "this is not a token". */
const ENDED_SESSION = new Set(["auth/id-token-revoked", "auth/user-disabled", "auth/user-not-found"]);
/** Answers that mean Auth (or Google's public keys) could not be reached: try again, never sign the device out. */
const UNREACHABLE = new Set(["app/network-error", "app/network-timeout", "auth/internal-error"]);

/** The uid a token names, read without trusting it: used only to word a refusal, never to grant anything. */
function claimedUid(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      sub?: unknown;
    };
    return typeof payload.sub === "string" ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

/** Why a token was refused, as the SessionError (401) or UnavailableError (503) the browser gets. */
export function refusalFor(error: unknown, token: string): SessionError | UnavailableError {
  const code = (error as { code?: string }).code ?? "";
  const message = String((error as { message?: unknown }).message ?? "");
  if (code === "auth/id-token-expired") return new SessionError("expired-token", "The sign-in has expired.");
  if (ENDED_SESSION.has(code)) {
    // A household's sessions are revoked only when the couple replaces its code (`seed invites --rotate`).
    return claimedUid(token)?.startsWith(HOUSEHOLD_UID_PREFIX)
      ? new SessionError("invitation-replaced", "This invitation link was replaced by a new one.")
      : new SessionError("session-revoked", "This sign-in was ended (revoked); sign in again.");
  }
  if (UNREACHABLE.has(code) || /fetching (public keys|Json Web Keys)/i.test(message)) {
    return new UnavailableError("The sign-in could not be checked just now; try again shortly.");
  }
  return new SessionError("invalid-token", "The sign-in token is not valid.");
}

/** Turns an `Authorization` header into a viewer, or throws SessionError saying why the session is refused. */
export function createViewerResolver(deps: { verifyIdToken: VerifyIdToken; households: HouseholdDirectory }) {
  return async function resolveViewer(authorization: string | undefined): Promise<Viewer> {
    if (!authorization) return { kind: "stranger" };
    const match = /^Bearer ([A-Za-z0-9._-]{1,4096})$/.exec(authorization);
    if (!match?.[1]) throw new SessionError("invalid-token", "The Authorization header must be `Bearer <ID token>`.");
    let token: DecodedIdToken;
    try {
      token = await deps.verifyIdToken(match[1]);
    } catch (error) {
      throw refusalFor(error, match[1]);
    }
    if (token[COUPLE_CLAIM] === true) return { kind: "couple", uid: token.uid };
    const householdKey = token.householdKey;
    if (typeof householdKey !== "string") {
      // A Firebase account that is neither an invitation nor the couple's gets what a stranger gets.
      return { kind: "stranger" };
    }
    const household = await deps.households.byKey(householdKey);
    if (!household) {
      throw new SessionError("household-removed", `The invitation "${householdKey}" no longer exists.`);
    }
    if (token.codeIssuedAt !== household.codeIssuedAt) {
      // The couple rotated the code (a leaked link): sessions opened with the old code end with it.
      throw new SessionError("invitation-replaced", "This invitation link was replaced by a new one.");
    }
    return { kind: "household", uid: token.uid, household };
  };
}
