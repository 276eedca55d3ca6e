// The switches the page needs (phase, RSVP window, guestbook) and how the browser should start Firebase.
import type { SiteSwitchesView } from "../contract/site-view";
import { router, sessionlessProcedure } from "../trpc";

export const configRouter = router({
  get: sessionlessProcedure.query(({ ctx }): SiteSwitchesView => {
    const switches = ctx.services.switches.current();
    return {
      phase: switches.site_phase,
      rsvp: { open: switches.rsvp_open, deadline: switches.rsvp_deadline },
      guestbookEnabled: switches.guestbook_enabled,
      firebase: ctx.services.firebaseWebConfig,
      push: ctx.services.push.available,
    };
  }),
});
