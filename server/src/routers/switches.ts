// The switches the page needs (phase, RSVP window, guestbook) and how the browser should start Firebase.
import type { SiteSwitchesView } from "../contract/site-view";
import { router, sessionlessProcedure } from "../trpc";
import { siteSwitchesView } from "../views/switches-view";

export const switchesRouter = router({
  get: sessionlessProcedure.query(({ ctx }): SiteSwitchesView => siteSwitchesView(ctx.services)),
});
