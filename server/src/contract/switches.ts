// The site's switches, kept in Remote Config and evaluated by the BFF: declared once, typed, with defaults.
import { z } from "zod";

export const SITE_PHASES = ["save-the-date", "rsvp-open", "wedding-week", "day-of", "after"] as const;
export const STRANGER_VISIBILITY = ["nothing", "basics", "everything"] as const;

/** Every Remote Config parameter the site reads. Keys are Remote Config parameter names. */
export const Switches = z.strictObject({
  site_phase: z.enum(SITE_PHASES, { error: `must be one of: ${SITE_PHASES.join(", ")}` }),
  rsvp_open: z.boolean({ error: "must be true or false" }),
  rsvp_deadline: z.iso.date({ error: 'must be a date such as "2027-05-01"' }),
  guestbook_enabled: z.boolean({ error: "must be true or false" }),
  stranger_visibility: z.enum(STRANGER_VISIBILITY, { error: `must be one of: ${STRANGER_VISIBILITY.join(", ")}` }),
});
export type Switches = z.infer<typeof Switches>;
export type SwitchKey = keyof Switches;
export type SitePhase = (typeof SITE_PHASES)[number];
