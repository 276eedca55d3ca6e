// The BFF's services held in memory, for tests that need the real router, views and rules without emulators: the
// page's component tests put the real `appRouter` behind its tRPC client with these (no imitation of the wire
// format that could drift from the real BFF). Firestore-backed versions are tested against the emulators.
import { createInviteRedeemer, type RedeemLimits } from "../auth/invite-redeemer";
import { createLostInvitationHelp, type LostInvitationClock, type LostInvitationLimits } from "../auth/lost-invitation";
import { householdUid, type Viewer } from "../auth/viewer";
import type { PublishedContent } from "../content/content-repository";
import type { Services } from "../context";
import { Content, type ContentInput } from "../contract/content";
import type { GuestbookMessage } from "../contract/guestbook-message";
import type { Household } from "../contract/household";
import type { LiveAnnouncement } from "../contract/live";
import { Rsvp } from "../contract/rsvp";
import type { FirebaseWebConfig } from "../contract/site-view";
import { Switches } from "../contract/switches";
import { GuestError, SessionError, UnavailableError } from "../errors";
import type { HouseholdDirectory } from "../households/household-directory";
import { memoryLimitStore } from "../limits/shared-limits";
import type { LiveChange } from "../live/live-hub";
import { type PushSubscriptions, unavailablePushSubscriptions } from "../notifications/push-subscriptions";
import type { RsvpRepository } from "../rsvp/rsvp-repository";
import { createAudienceViews } from "../views/audience-view";

export const DEFAULT_SWITCHES: Switches = {
  site_phase: "rsvp-open",
  rsvp_open: true,
  rsvp_deadline: "2027-05-01",
  guestbook_enabled: false,
  stranger_visibility: "basics",
};

export interface InMemoryOptions {
  /** The published content; `null` when nothing is published yet. */
  content: ContentInput | null;
  version?: number;
  changes?: PublishedContent["changes"];
  switches?: Partial<Switches>;
  households?: Household[];
  rsvps?: Rsvp[];
  now?: () => Date;
  /** The browser's Firebase settings (the emulators' by default); e.g. a measurement id, as a real project has. */
  firebaseWebConfig?: FirebaseWebConfig;
  /** Day-of push, as a real project with a web push key would have it (off by default, as on the emulators). */
  push?: PushSubscriptions;
  /** The invitation's rate limits (the defaults otherwise). */
  redeemLimits?: RedeemLimits;
  /** The lost-invitation answer's clock; by default answers at once (component tests do not wait). */
  lostInvitationClock?: LostInvitationClock;
  /** The lost-invitation rate limits (the defaults otherwise). */
  lostInvitationLimits?: LostInvitationLimits;
  /** Dependencies whose first use fails: "broken" (a 500) or "unavailable" (a 503). */
  failFirst?: Partial<Record<FailurePoint, "broken" | "unavailable">>;
}

/** "rsvp.reply": the answer is saved, then its reply is lost (a 503 or a timeout after the commit). */
type FailurePoint = "content" | "rsvp.save" | "rsvp.reply";

/** The code an in-memory "emailed" sign-in link carries for `email`. */
export const emailLinkCodeFor = (email: string) => `email-link:${email}`;

/** A custom token the in-memory redeemer hands out; `viewerForToken` reads it back as an ID token would be. */
const TOKEN_PREFIX = "test-token:";

export function createInMemoryServices(options: InMemoryOptions) {
  const households = new Map((options.households ?? []).map((household) => [household.key, household]));
  const answers = new Map((options.rsvps ?? []).map((rsvp) => [rsvp.householdKey, Rsvp.parse(rsvp)]));
  /** Every revision saved here, for recognising a submit that already landed. */
  const history: Rsvp[] = [];
  let switches = Switches.parse({ ...DEFAULT_SWITCHES, ...options.switches });
  const switchListeners = new Set<(switches: Switches) => void>();
  // Aborted when the BFF shuts down; replaced by `endLiveStreams`, as the next instance takes over.
  let shutdown = new AbortController();
  // The live hub's state: what the Realtime Database listeners would hold.
  const liveListeners = new Set<(change: LiveChange) => void>();
  let announcement: LiveAnnouncement | null = null;
  let guestbook: GuestbookMessage[] = [];
  const landedPostIds = new Set<string>();
  const liveChange = (change: LiveChange) => {
    for (const listener of liveListeners) listener(change);
  };
  let postCount = 0;
  /** Addresses a sign-in link was "emailed" to, in order. */
  const sentSignInLinks: string[] = [];
  let published: PublishedContent | null = options.content
    ? { content: Content.parse(options.content), version: options.version ?? 1, changes: options.changes ?? [] }
    : null;
  const now = options.now ?? (() => new Date());
  /** Dependencies whose next use fails as if they broke (a 500) or were unavailable (a 503). */
  const failures = new Map<FailurePoint, "broken" | "unavailable">(
    Object.entries(options.failFirst ?? {}) as Array<[FailurePoint, "broken" | "unavailable"]>,
  );
  const failIfAsked = (what: FailurePoint) => {
    const failure = failures.get(what);
    if (!failure) return;
    failures.delete(what);
    if (failure === "unavailable") throw new UnavailableError(`${what} is not available right now.`);
    throw new Error(`${what} broke (test)`);
  };

  /** Calls held on their way in, until the test releases them (a request "in flight"). */
  const holds = new Map<FailurePoint, { arrived: () => void; released: Promise<void> }>();
  const holdIfAsked = async (what: FailurePoint) => {
    const hold = holds.get(what);
    if (!hold) return;
    holds.delete(what);
    hold.arrived();
    await hold.released;
  };

  const directory: HouseholdDirectory = {
    byKey: async (key) => households.get(key),
    byCode: async (code) => [...households.values()].find((household) => household.code === code),
    all: async () => [...households.values()],
    health: () => ({ ready: true }),
    close: () => {},
  };
  const rsvps: RsvpRepository = {
    get: async (key) => answers.get(key) ?? null,
    all: async () => [...answers.values()],
    async save(request) {
      await holdIfAsked("rsvp.save");
      failIfAsked("rsvp.save");
      const before = answers.get(request.householdKey) ?? null;
      // As the Firestore repository: a submit whose key already landed gets what it saved back.
      const landed = history.find((saved) => saved.submissionId === request.submissionId);
      if (landed) return landed;
      const stored = before?.revision ?? 0;
      if (stored !== request.expectedRevision) {
        throw new GuestError("CONFLICT", "answer-changed", "The answer was changed meanwhile.");
      }
      const after = Rsvp.parse({
        ...request.build({ revision: stored + 1, respondedAt: request.now.toISOString() }),
        submissionId: request.submissionId,
      });
      answers.set(request.householdKey, after);
      history.push(after);
      failIfAsked("rsvp.reply");
      return after;
    },
  };
  const services: Services = {
    content: {
      current: async () => {
        failIfAsked("content");
        return published;
      },
      health: () => ({ ready: true }),
      close: () => {},
    },
    views: createAudienceViews(),
    switches: {
      current: () => switches,
      subscribe(listener) {
        switchListeners.add(listener);
        return () => switchListeners.delete(listener);
      },
      close: () => switchListeners.clear(),
    },
    households: directory,
    invitations: createInviteRedeemer({
      households: directory,
      createCustomToken: async (uid) => `${TOKEN_PREFIX}${uid}`,
      limits: options.redeemLimits,
      // One instance, no database: each process counts for itself (the shared store is tested on the emulators).
      limitStore: memoryLimitStore(),
    }),
    lostInvitation: createLostInvitationHelp({
      households: directory,
      createCustomToken: async (uid) => `${TOKEN_PREFIX}${uid}`,
      emailLinks: {
        async send(household) {
          if (household.email) sentSignInLinks.push(household.email);
        },
        async confirm(email, oobCode) {
          const household = [...households.values()].find((each) => each.email === email);
          if (!household || oobCode !== emailLinkCodeFor(email)) throw new Error("INVALID_OOB_CODE");
          return householdUid(household.key);
        },
      },
      clock: options.lostInvitationClock ?? { now: () => 0, wait: async () => {} },
      limits: options.lostInvitationLimits,
      limitStore: memoryLimitStore(),
      log: { error: () => {} },
    }),
    rsvps,
    live: {
      current: () => ({ announcement, guestbook }),
      subscribe(listener) {
        liveListeners.add(listener);
        return () => liveListeners.delete(listener);
      },
      close: () => liveListeners.clear(),
    },
    guestbook: {
      async post(household, message, postId) {
        // Like the real writer: a key that already landed is that message, not a second one.
        if (postId && landedPostIds.has(postId)) return postId;
        postCount += 1;
        if (postId) landedPostIds.add(postId);
        const posted = {
          id: postId ?? `-post${postCount}`,
          name: household.displayName,
          message,
          createdAt: now().getTime(),
        };
        guestbook = [...guestbook, posted];
        liveChange({ kind: "guestbook-added", message: posted });
        return posted.id;
      },
    },
    push: options.push ?? unavailablePushSubscriptions,
    firebaseWebConfig: options.firebaseWebConfig ?? {
      projectId: "demo-boda",
      apiKey: "demo-api-key",
      authEmulatorUrl: "http://127.0.0.1:9099",
    },
    get shutdown() {
      return shutdown.signal;
    },
    now,
  };

  return {
    services,
    sentSignInLinks,
    /** What the BFF would make of an `Authorization` header carrying a token from this test's sign-in. */
    async viewerForToken(authorization: string | undefined): Promise<Viewer> {
      const token = authorization?.replace(/^Bearer /, "");
      if (!token) return { kind: "stranger" };
      if (token === `${TOKEN_PREFIX}couple`) return { kind: "couple", uid: "couple" };
      const household = [...households.values()].find((each) => `${TOKEN_PREFIX}${householdUid(each.key)}` === token);
      if (!household) throw new SessionError("invalid-token", "The sign-in token is not valid.");
      return { kind: "household", uid: householdUid(household.key), household };
    },
    /** The token a signed-in household's (or the couple's) browser would send. */
    tokenFor(who: Household | "couple"): string {
      return who === "couple" ? `${TOKEN_PREFIX}couple` : `${TOKEN_PREFIX}${householdUid(who.key)}`;
    },
    publish(content: ContentInput | null, version = (published?.version ?? 0) + 1) {
      published = content ? { content: Content.parse(content), version, changes: [] } : null;
    },
    setSwitches(values: Partial<Switches>) {
      switches = Switches.parse({ ...switches, ...values });
      for (const listener of switchListeners) listener(switches);
    },
    /** What `pnpm seed live set` (a message) or `live clear` (null) does. */
    announce(message: string | null) {
      announcement = message ? { message, updatedAt: now().getTime() } : null;
      liveChange({ kind: "announcement", announcement });
    },
    /** What `pnpm seed guestbook hide` does. */
    hideGuestbookMessage(id: string) {
      guestbook = guestbook.filter((message) => message.id !== id);
      liveChange({ kind: "guestbook-removed", id });
    },
    shutdown: () => shutdown.abort(),
    /** Ends the open live streams as an instance shutting down for a deploy does; streams opened later are served. */
    endLiveStreams() {
      const ending = shutdown;
      shutdown = new AbortController();
      ending.abort();
    },
    /** Makes the next use of `what` fail: "broken" (a 500) or "unavailable" (a 503). */
    failNext(what: FailurePoint, how: "broken" | "unavailable" = "broken") {
      failures.set(what, how);
    },
    /** Holds the next use of `what` until `release()`; `arrived` resolves once a request is waiting there. */
    holdNext(what: FailurePoint) {
      let arrived: () => void = () => {};
      let release: () => void = () => {};
      const arrival = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.set(what, { arrived, released });
      return { arrived: arrival, release };
    },
    answerOf: (householdKey: string) => answers.get(householdKey) ?? null,
  };
}
export type InMemoryBff = ReturnType<typeof createInMemoryServices>;
