// Builds the BFF's services over Firebase handles: the one wiring used by the process (main.ts) and by tests.
import type { FastifyBaseLogger } from "fastify";
import type { Auth } from "firebase-admin/auth";
import { firebaseEmailLinks } from "./auth/firebase-email-links";
import { createInviteRedeemer, type RedeemLimits } from "./auth/invite-redeemer";
import { createLostInvitationHelp, type LostInvitationClock, type LostInvitationLimits } from "./auth/lost-invitation";
import { createViewerResolver, type HouseholdClaims, type VerifyIdToken } from "./auth/viewer";
import { createContentCache } from "./content/content-cache";
import { createContentRepository } from "./content/content-repository";
import type { Services } from "./context";
import type { FirebaseWebConfig } from "./contract/site-view";
import type { FirebaseHandles } from "./firebase/admin";
import { createGuestbookWriter, type GuestbookLimits } from "./guestbook/guestbook-writer";
import { createHouseholdDirectory } from "./households/household-directory";
import { type LimitStore, realtimeDatabaseLimitStore } from "./limits/shared-limits";
import { createLiveHub } from "./live/live-hub";
import { type PushSubscriptions, unavailablePushSubscriptions } from "./notifications/push-subscriptions";
import type { Resource } from "./plugins/resource";
import { createRsvpRepository } from "./rsvp/rsvp-repository";
import type { SwitchesSource } from "./switches/switches-source";
import { createAudienceViews } from "./views/audience-view";

export interface ServiceOptions {
  firebase: Pick<FirebaseHandles, "firestore" | "auth" | "database">;
  switches: SwitchesSource;
  firebaseWebConfig: FirebaseWebConfig;
  log: Pick<FastifyBaseLogger, "error">;
  now?: () => Date;
  redeemLimits?: RedeemLimits;
  guestbookLimits?: GuestbookLimits;
  /** Where the limits count; the Realtime Database unless given (a test that lifts the limits counts in memory). */
  limitStore?: LimitStore;
  lostInvitationLimits?: LostInvitationLimits;
  /** The lost-invitation answer's clock (tests inject one instead of waiting). */
  lostInvitationClock?: LostInvitationClock;
  /** The site's address, where emailed sign-in links bring guests back; the local BFF's unless given. */
  siteUrl?: string;
  /** Day-of push messages; off unless a real project configures them. */
  push?: PushSubscriptions;
}

/**
 * How the BFF verifies every session's ID token: signature, project, expiry, and `checkRevoked` — so a session the
 * couple ended (`seed couple remove`, `--adopt-existing`, `seed invites --rotate`) is refused on its next call, not
 * when its token expires. It costs one Auth lookup per signed-in call; the Auth emulator makes that lookup whatever
 * is asked, so production now behaves as the tests measure it.
 */
export function sessionTokenVerifier(auth: Pick<Auth, "verifyIdToken">): VerifyIdToken {
  return (token) => auth.verifyIdToken(token, true);
}

export function createServices(options: ServiceOptions) {
  const { firestore, auth, database } = options.firebase;
  const households = createHouseholdDirectory(firestore, options.log);
  const shutdown = new AbortController();
  // Sign-in and guestbook limits, counted together by every instance (why the Realtime Database: limits/shared-limits).
  const limitStore = options.limitStore ?? realtimeDatabaseLimitStore(database, { log: options.log });
  const createCustomToken = async (uid: string, claims: HouseholdClaims) => {
    await ensureHouseholdAccount(auth, uid);
    return auth.createCustomToken(uid, { ...claims });
  };
  const services: Services = {
    content: createContentCache(createContentRepository(firestore), options.log),
    views: createAudienceViews(),
    switches: options.switches,
    households,
    invitations: createInviteRedeemer({ households, createCustomToken, limits: options.redeemLimits, limitStore }),
    lostInvitation: createLostInvitationHelp({
      households,
      createCustomToken,
      // Firebase Auth's email-link sign-in (the emulator's when it runs).
      emailLinks: firebaseEmailLinks({
        auth,
        apiKey: options.firebaseWebConfig.apiKey,
        // The Auth emulator firebase-admin itself talks to, when it does.
        authEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST,
        siteUrl: options.siteUrl ?? "http://127.0.0.1:8787",
      }),
      limits: options.lostInvitationLimits,
      clock: options.lostInvitationClock,
      limitStore,
      log: options.log,
    }),
    rsvps: createRsvpRepository(firestore),
    live: createLiveHub(database, options.log),
    guestbook: createGuestbookWriter(database, limitStore, options.guestbookLimits),
    push: options.push ?? unavailablePushSubscriptions,
    firebaseWebConfig: options.firebaseWebConfig,
    shutdown: shutdown.signal,
    now: options.now ?? (() => new Date()),
  };
  return {
    services,
    resolveViewer: createViewerResolver({ verifyIdToken: sessionTokenVerifier(auth), households }),
    /** Ends every open live stream (before the server waits for its connections to finish). */
    endLiveStreams: () => shutdown.abort(),
    /** What the services hold open, for buildServer to close when the app closes (plugins/resource.ts). */
    resources: [
      {
        name: "the Firestore mirrors (published content, guest list)",
        close() {
          services.content.close();
          households.close();
        },
      },
      { name: "the live hub", close: () => services.live.close() },
      { name: "the switches source", close: () => services.switches.close() },
      { name: "the shared limits", close: () => limitStore.close() },
    ] satisfies Resource[],
  };
}

/**
 * The household's Auth account, made here by the admin SDK before its first sign-in: the deploy turns off sign-up from
 * browsers, and a custom-token sign-in for an account that does not exist yet would be a browser sign-up.
 */
async function ensureHouseholdAccount(auth: Auth, uid: string): Promise<void> {
  try {
    await auth.createUser({ uid });
  } catch (error) {
    if ((error as { code?: string }).code !== "auth/uid-already-exists") throw error;
  }
}
