// Who is asking, decided from the verified Firebase ID token only: a stranger (no token), an invited household
// (a token minted when its invite code was redeemed), or the couple (the `couple` claim `seed couple add` sets).
// The household's current record comes from the server's own guest list, never from the browser.
import type { DecodedIdToken } from "firebase-admin/auth";
import type { Household } from "../contract/household";
import { SessionError } from "../errors";
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

export function householdUid(householdKey: string): string {
  return `household:${householdKey}`;
}

export type VerifyIdToken = (token: string) => Promise<DecodedIdToken>;

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
      const code = (error as { code?: string }).code;
      if (code === "auth/id-token-expired") throw new SessionError("expired-token", "The sign-in has expired.");
      throw new SessionError("invalid-token", "The sign-in token is not valid.");
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
