// The whole API: one router per domain, merged here. The web imports only the AppRouter type.
import { router } from "../trpc";
import { configRouter } from "./config";
import { invitationsRouter } from "./invitations";
import { locationsRouter } from "./locations";
import { rsvpRouter } from "./rsvp";
import { siteRouter } from "./site";

export const appRouter = router({
  site: siteRouter,
  locations: locationsRouter,
  invitations: invitationsRouter,
  rsvp: rsvpRouter,
  config: configRouter,
});

export type AppRouter = typeof appRouter;
