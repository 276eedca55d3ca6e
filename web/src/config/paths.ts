// Every route path of the page in one place; links and the router both read from here.

/** `?evento=<id>` narrows the places to one event's ("Cómo llegar" from the program). */
export const EVENT_PARAM = "evento";

export const paths = {
  home: { path: "/", href: () => "/" },
  locations: {
    path: "/ubicaciones",
    href: (eventId?: string) =>
      eventId ? `/ubicaciones?${new URLSearchParams({ [EVENT_PARAM]: eventId })}` : "/ubicaciones",
  },
} as const;
