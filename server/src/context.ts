// What every procedure can reach: the services built once per process, and the request it serves. Who is asking
// is resolved from the request's verified ID token by the procedures in trpc.ts, never taken from the browser.
import type { InviteRedeemer } from "./auth/invite-redeemer";
import type { LostInvitationHelp } from "./auth/lost-invitation";
import type { Viewer } from "./auth/viewer";
import type { ContentCache } from "./content/content-cache";
import type { FirebaseWebConfig } from "./contract/site-view";
import type { GuestbookWriter } from "./guestbook/guestbook-writer";
import type { HouseholdDirectory } from "./households/household-directory";
import type { LiveHub } from "./live/live-hub";
import type { PushSubscriptions } from "./notifications/push-subscriptions";
import type { RsvpRepository } from "./rsvp/rsvp-repository";
import type { SwitchesSource } from "./switches/switches-source";
import type { AudienceViews } from "./views/audience-view";

export interface Services {
  content: ContentCache;
  views: AudienceViews;
  switches: SwitchesSource;
  households: HouseholdDirectory;
  invitations: InviteRedeemer;
  lostInvitation: LostInvitationHelp;
  rsvps: RsvpRepository;
  live: LiveHub;
  guestbook: GuestbookWriter;
  push: PushSubscriptions;
  firebaseWebConfig: FirebaseWebConfig;
  /** Aborted when the server shuts down: open live streams end with it instead of holding the shutdown up. */
  shutdown: AbortSignal;
  /** The clock for deadlines and timestamps; tests fix it. */
  now: () => Date;
}

export interface RequestContext {
  services: Services;
  /** Verifies the request's `Authorization` header (memoised per request); throws SessionError when refused. */
  viewer: () => Promise<Viewer>;
  /**
   * The key limits count this caller under: the client's address (behind Google's front end, the X-Forwarded-For
   * entry Google appended, never one the caller wrote), an IPv6 address by its /64 (http/client-address.ts).
   */
  clientAddress: string;
}
