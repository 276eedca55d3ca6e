// Every route path of the page in one place; links and the router both read from here.

/** `?evento=<id>` narrows the places to one event's ("Cómo llegar" from the program). */
export const EVENT_PARAM = "evento";
/** `?invite=<code>` in an invite link signs the household in; the page removes it once used. */
export const INVITE_PARAM = "invite";
/** `?lang=es|en` in an invite link picks the page's language. */
export const LANG_PARAM = "lang";

export const paths = {
  home: { path: "/", href: () => "/" },
  locations: {
    path: "/ubicaciones",
    href: (eventId?: string) =>
      eventId ? `/ubicaciones?${new URLSearchParams({ [EVENT_PARAM]: eventId })}` : "/ubicaciones",
  },
  /** The household's answer: the form, or the summary once answered. */
  rsvp: { path: "/confirmar", href: () => "/confirmar" },
  /** The couple's view of everyone's answers. */
  couple: { path: "/pareja", href: () => "/pareja" },
} as const;
