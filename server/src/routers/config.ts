// The switches the page needs (phase, RSVP window, guestbook) and how the browser should start Firebase.
import type { Services } from "../context";
import type { SiteSwitchesView } from "../contract/site-view";
import { router, sessionlessProcedure } from "../trpc";

/** The same for every viewer, and for every request until a switch changes (http/query-fast-path.ts keys on that). */
export function siteSwitchesView(services: Services): SiteSwitchesView {
  const switches = services.switches.current();
  return {
    phase: switches.site_phase,
    rsvp: { open: switches.rsvp_open, deadline: switches.rsvp_deadline },
    guestbookEnabled: switches.guestbook_enabled,
    firebase: services.firebaseWebConfig,
    push: services.push.available,
  };
}

export const configRouter = router({
  get: sessionlessProcedure.query(({ ctx }): SiteSwitchesView => siteSwitchesView(ctx.services)),
});
