// Builds the BFF's services over Firebase handles: the one wiring used by the process (main.ts) and by tests.
import type { FastifyBaseLogger } from "fastify";
import { createInviteRedeemer, type RedeemLimits } from "./auth/invite-redeemer";
import { createViewerResolver } from "./auth/viewer";
import type { SwitchesSource } from "./config/switches-source";
import { createContentCache } from "./content/content-cache";
import { createContentRepository } from "./content/content-repository";
import type { Services } from "./context";
import type { FirebaseWebConfig } from "./contract/site-view";
import type { FirebaseHandles } from "./firebase/admin";
import { createHouseholdDirectory } from "./households/household-directory";
import { createRsvpRepository } from "./rsvp/rsvp-repository";
import { createAudienceViews } from "./views/audience-view";

export interface ServiceOptions {
  firebase: Pick<FirebaseHandles, "firestore" | "auth">;
  switches: SwitchesSource;
  firebaseWebConfig: FirebaseWebConfig;
  log: Pick<FastifyBaseLogger, "error">;
  now?: () => Date;
  redeemLimits?: RedeemLimits;
}

export function createServices(options: ServiceOptions) {
  const { firestore, auth } = options.firebase;
  const households = createHouseholdDirectory(firestore, options.log);
  const services: Services = {
    content: createContentCache(createContentRepository(firestore), options.log),
    views: createAudienceViews(),
    switches: options.switches,
    households,
    invitations: createInviteRedeemer({
      households,
      createCustomToken: (uid, claims) => auth.createCustomToken(uid, { ...claims }),
      limits: options.redeemLimits,
    }),
    rsvps: createRsvpRepository(firestore),
    firebaseWebConfig: options.firebaseWebConfig,
    now: options.now ?? (() => new Date()),
  };
  return {
    services,
    resolveViewer: createViewerResolver({ verifyIdToken: (token) => auth.verifyIdToken(token), households }),
    /** Stops every listener and timer the services hold. */
    close() {
      services.content.close();
      services.households.close();
      services.switches.close();
    },
  };
}
