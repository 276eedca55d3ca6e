// The whole API: one router per domain, merged here. The web imports only the AppRouter type.
import { router } from "../trpc";
import { guestbookRouter } from "./guestbook";
import { invitationsRouter } from "./invitations";
import { liveRouter } from "./live";
import { locationsRouter } from "./locations";
import { notificationsRouter } from "./notifications";
import { rsvpRouter } from "./rsvp";
import { siteRouter } from "./site";
import { switchesRouter } from "./switches";

export const appRouter = router({
  site: siteRouter,
  locations: locationsRouter,
  invitations: invitationsRouter,
  rsvp: rsvpRouter,
  live: liveRouter,
  guestbook: guestbookRouter,
  notifications: notificationsRouter,
  switches: switchesRouter,
});

export type AppRouter = typeof appRouter;
