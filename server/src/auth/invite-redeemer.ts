// Redeeming an invite link: the code is checked against the guest list and, if it is a household's current code,
// a Firebase custom token is minted for the browser to sign in with. Attempts are rate-limited per address and
// across all addresses, counted where every BFF instance sees them (`../limits/shared-limits.ts`); unknown and rotated
// codes get the same answer, so a guesser learns nothing.
import { type Household, InviteCode } from "../contract/household";
import { normalizeInviteCode } from "../contract/invite-code";
import type { Language } from "../contract/language";
import { GuestError } from "../errors";
import type { HouseholdDirectory } from "../households/household-directory";
import { consumeAddressThenGlobal, LimitReached, type LimitStore } from "../limits/shared-limits";
import { type HouseholdClaims, householdUid } from "./viewer";

export interface RedeemLimits {
  /** Attempts one address may make per window; successful ones are given back. */
  perAddress: { attempts: number; windowSeconds: number };
  /** Attempts all addresses together may make per window (a guessing botnet); successful ones are given back. */
  global: { attempts: number; windowSeconds: number };
}

/**
 * Generous for a family behind one venue Wi-Fi (a success costs nothing), hopeless for a guesser: codes have
 * ~77 bits, so even the global limit would need longer than the universe's age to find one.
 */
export const DEFAULT_REDEEM_LIMITS: RedeemLimits = {
  perAddress: { attempts: 10, windowSeconds: 15 * 60 },
  global: { attempts: 300, windowSeconds: 60 },
};

export interface Redemption {
  /** A Firebase custom token: the browser signs in with it (`signInWithCustomToken`). */
  token: string;
  household: { displayName: string; language: Language };
}

export interface InviteRedeemer {
  redeem(rawCode: string, address: string): Promise<Redemption>;
}

export function createInviteRedeemer(deps: {
  households: HouseholdDirectory;
  createCustomToken: (uid: string, claims: HouseholdClaims) => Promise<string>;
  limits?: RedeemLimits;
  /**
   * Where attempts are counted: shared by every instance in production (the Realtime Database). When it does not
   * answer, redeeming fails closed: 503 with Retry-After, never an uncounted attempt.
   */
  limitStore: LimitStore;
}): InviteRedeemer {
  const limits = deps.limits ?? DEFAULT_REDEEM_LIMITS;
  const perAddress = deps.limitStore.limiter("redeem-address", {
    points: limits.perAddress.attempts,
    windowSeconds: limits.perAddress.windowSeconds,
  });
  const global = deps.limitStore.limiter("redeem-global", {
    points: limits.global.attempts,
    windowSeconds: limits.global.windowSeconds,
  });

  /** Takes one attempt from both budgets up front, so a burst of parallel guesses cannot slip past the limit. */
  async function takeAttempt(address: string): Promise<void> {
    try {
      await consumeAddressThenGlobal(perAddress, global, address);
    } catch (refusal) {
      throw refusal instanceof LimitReached ? tooManyAttempts(refusal) : refusal;
    }
  }

  return {
    async redeem(rawCode, address) {
      await takeAttempt(address);
      const code = normalizeInviteCode(rawCode);
      if (!InviteCode.safeParse(code).success) {
        throw new GuestError(
          "BAD_REQUEST",
          "malformed-code",
          "An invitation code has 16 letters and digits (dashes and spaces are ignored); check it is complete.",
        );
      }
      const household = await deps.households.byCode(code);
      if (!household) {
        throw new GuestError(
          "NOT_FOUND",
          "unknown-code",
          "This invitation code is not valid. It may have been replaced by a new one: ask the couple for your link.",
        );
      }
      // A guest who gets in has not been guessing: give the attempt back.
      await Promise.all([perAddress.refund(address), global.refund("all")]);
      return {
        token: await deps.createCustomToken(householdUid(household.key), claimsOf(household)),
        household: { displayName: household.displayName, language: household.language },
      };
    },
  };
}

export function claimsOf(household: Household): HouseholdClaims {
  return { householdKey: household.key, tags: household.tags, codeIssuedAt: household.codeIssuedAt };
}

function tooManyAttempts(refusal: LimitReached): GuestError {
  const seconds = refusal.retryAfterSeconds;
  return new GuestError(
    "TOO_MANY_REQUESTS",
    "too-many-attempts",
    `Too many invitation codes were tried; try again in ${seconds} seconds.`,
    seconds,
  );
}
