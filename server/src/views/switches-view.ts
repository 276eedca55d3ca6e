// The switches the page needs (phase, RSVP window, guestbook) and how the browser should start Firebase.
import type { Services } from "../context";
import type { SiteSwitchesView } from "../contract/site-view";

/**
 * The same for every viewer, until a switch changes: prerendered into the page (page-shell/site-shell.ts) and answered
 * from prepared bytes keyed on the switches (http/query-fast-path.ts).
 */
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
