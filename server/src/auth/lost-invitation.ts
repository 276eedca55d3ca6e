// "Lost your invitation?": a guest types the email or a name from the guest list, and when it points at exactly one
// household that has an email, Firebase Auth emails that household a sign-in link. Opening it signs the household
// in exactly as its invite link does (the same custom token, the same session).
//
// The answer never says whether the name is on the list (docs/security.md): whatever was typed, the guest gets the
// same words, after the same minimum time, and the email is sent after answering, so neither the answer nor its
// timing depends on a match. Requests are rate-limited per address and overall, counted where every instance sees
// them; unlike redeeming a code, no attempt is given back (a match is exactly what a prober looks for).
import type { Household } from "../contract/household";
import { GuestError } from "../errors";
import type { HouseholdDirectory } from "../households/household-directory";
import { consumeAddressThenGlobal, LimitReached, type LimitStore } from "../limits/shared-limits";
import { findHousehold, maskEmail, readLookupQuery } from "./guest-lookup";
import { claimsOf, type Redemption } from "./invite-redeemer";
import { type HouseholdClaims, householdUid } from "./viewer";

export interface LostInvitationLimits {
  perAddress: { attempts: number; windowSeconds: number };
  global: { attempts: number; windowSeconds: number };
  /** Links emailed to one household per window, whoever asks: nobody can flood a guest's inbox. */
  perHousehold: { attempts: number; windowSeconds: number };
}

/** A family trying a few spellings gets through; someone probing the list by name gets a handful an hour. */
export const DEFAULT_LOST_INVITATION_LIMITS: LostInvitationLimits = {
  perAddress: { attempts: 5, windowSeconds: 60 * 60 },
  global: { attempts: 100, windowSeconds: 60 },
  perHousehold: { attempts: 3, windowSeconds: 60 * 60 },
};

/**
 * Every answer takes at least this long (milliseconds). The work before answering is the same for every query (the
 * limits, an in-memory search), so this only hides the little that is left: a match's extra list entries.
 */
export const MIN_ANSWER_MS = 600;

/** Milliseconds on a monotonic clock, and a way to wait: injected so tests need no real time. */
export interface LostInvitationClock {
  now(): number;
  wait(ms: number): Promise<void>;
}

/** Firebase Auth's email-link sign-in, as the BFF drives it (services.ts; a fake in component tests). */
export interface EmailLinks {
  /** Gives the household's account its email (creating the account if needed) and has Auth email it a link. */
  send(household: Household): Promise<void>;
  /** Checks the code the emailed link carries against the address; the uid it signs in, or throws. */
  confirm(email: string, oobCode: string): Promise<string>;
}

/** Always the same shape; `maskedEmail` masks what the guest typed (only when they typed an address). */
export interface LostInvitationAnswer {
  maskedEmail: string | null;
}

export interface LostInvitationHelp {
  request(typed: string, address: string): Promise<LostInvitationAnswer>;
  /** Opening the emailed link: a custom token for the household, as redeeming its code gives. */
  finish(householdKey: string, oobCode: string): Promise<Redemption>;
}

export function createLostInvitationHelp(deps: {
  households: HouseholdDirectory;
  emailLinks: EmailLinks;
  createCustomToken: (uid: string, claims: HouseholdClaims) => Promise<string>;
  limitStore: LimitStore;
  limits?: LostInvitationLimits;
  clock?: LostInvitationClock;
  log: { error(details: object, message: string): void };
}): LostInvitationHelp {
  const limits = deps.limits ?? DEFAULT_LOST_INVITATION_LIMITS;
  const clock: LostInvitationClock = deps.clock ?? {
    now: () => performance.now(),
    wait: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  };
  const perAddress = deps.limitStore.limiter("lost-invitation-address", {
    points: limits.perAddress.attempts,
    windowSeconds: limits.perAddress.windowSeconds,
  });
  const global = deps.limitStore.limiter("lost-invitation-global", {
    points: limits.global.attempts,
    windowSeconds: limits.global.windowSeconds,
  });
  const perHousehold = deps.limitStore.limiter("lost-invitation-household", {
    points: limits.perHousehold.attempts,
    windowSeconds: limits.perHousehold.windowSeconds,
  });

  /** After answering: within the household's own limit, the link is emailed; failures are only logged. */
  async function emailLink(household: Household): Promise<void> {
    try {
      await perHousehold.consume(household.key);
    } catch (refusal) {
      if (refusal instanceof LimitReached) return;
      throw refusal;
    }
    await deps.emailLinks.send(household);
  }

  async function takeAttempt(address: string): Promise<void> {
    try {
      await consumeAddressThenGlobal(perAddress, global, address);
    } catch (refusal) {
      if (!(refusal instanceof LimitReached)) throw refusal;
      throw new GuestError(
        "TOO_MANY_REQUESTS",
        "too-many-lookups",
        `Too many lookups from here; try again in ${refusal.retryAfterSeconds} seconds, or write to the couple.`,
        refusal.retryAfterSeconds,
      );
    }
  }

  return {
    async request(typed, address) {
      const started = clock.now();
      await takeAttempt(address);
      const query = readLookupQuery(typed);
      const household = findHousehold(await deps.households.all(), query);
      if (household?.email) {
        // After answering, so how long Auth takes never shows in the answer's timing.
        setImmediate(() => {
          emailLink(household).catch((error: unknown) => {
            deps.log.error({ err: error, household: household.key }, "sending a sign-in link failed");
          });
        });
      }
      const elapsed = clock.now() - started;
      if (elapsed < MIN_ANSWER_MS) await clock.wait(MIN_ANSWER_MS - elapsed);
      return { maskedEmail: query.kind === "email" ? maskEmail(query.email) : null };
    },

    async finish(householdKey, oobCode) {
      const household = await deps.households.byKey(householdKey);
      const uid = household?.email
        ? await deps.emailLinks.confirm(household.email, oobCode).catch(() => undefined)
        : undefined;
      if (!household || uid !== householdUid(household.key)) {
        throw new GuestError(
          "BAD_REQUEST",
          "sign-in-link-invalid",
          "This sign-in link was already used, has expired or is not for this invitation; ask for a new one.",
        );
      }
      return {
        token: await deps.createCustomToken(uid, claimsOf(household)),
        household: { displayName: household.displayName, language: household.language },
      };
    },
  };
}
