// Whether someone in an answer is coming. Free of zod on purpose: the page's greeting imports it with its first
// screens, and the schemas would pull the whole validator in.

/** Someone is coming when at least one event says so; a household answered "no" when nobody comes to anything. */
export function isAttendingAnything(person: { attending: Record<string, boolean> }): boolean {
  return Object.values(person.attending).some(Boolean);
}
