// Every route path of the page in one place; links and the router both read from here. The paths themselves are
// shared with the BFF, whose prerendered HTML picks the first screen from them (contract/routes.ts).
import { ROUTES } from "@boda/server/contract/routes";

/** `?evento=<id>` narrows the places to one event's ("Cómo llegar" from the program). */
export const EVENT_PARAM = "evento";
/** `?invite=<code>` in an invite link signs the household in; the page removes it once used. */
export const INVITE_PARAM = "invite";
/** `?lang=es|en` in an invite link picks the page's language. */
export const LANG_PARAM = "lang";

export const paths = {
  home: { path: ROUTES.home, href: () => ROUTES.home },
  locations: {
    path: ROUTES.locations,
    href: (eventId?: string) =>
      eventId ? `${ROUTES.locations}?${new URLSearchParams({ [EVENT_PARAM]: eventId })}` : ROUTES.locations,
  },
  /** The household's answer: the form, or the summary once answered. */
  rsvp: { path: ROUTES.rsvp, href: () => ROUTES.rsvp },
  /** The couple's view of everyone's answers. */
  couple: { path: ROUTES.couple, href: () => ROUTES.couple },
  /** The privacy notice. */
  privacy: { path: ROUTES.privacy, href: () => ROUTES.privacy },
} as const;
