// A household's answer to the invitation as stored in Firestore (`rsvps/{householdKey}`), one entry per person.
// Kept apart from `households/{key}` so re-running `seed invites` never touches answers; read by `seed rsvp`.
import { z } from "zod";
import { Slug } from "./content";

export const RSVPS_COLLECTION = "rsvps";

/** A question's answer: free text, yes/no, or the id of a chosen option (see content `rsvpQuestions`). */
export const RsvpAnswer = z.union([z.string().trim().max(500), z.boolean()]);

export const RsvpPerson = z.strictObject({
  /** A member's id for named guests; `plus-1`, `plus-2`… for the unnamed plus-ones the household names here. */
  personId: Slug,
  name: z.string().trim().min(1).max(120),
  child: z.boolean(),
  /** Event id → coming or not; events the household cannot see are absent. */
  attending: z.record(Slug, z.boolean()),
  /** A content `meals` id; absent when the person comes to no meal or has not chosen. */
  mealId: Slug.optional(),
  allergies: z.string().trim().max(500).optional(),
  /** rsvpQuestions id → answer. */
  answers: z.record(Slug, RsvpAnswer),
});
export type RsvpPerson = z.infer<typeof RsvpPerson>;

export const Rsvp = z.strictObject({
  householdKey: Slug,
  people: z.array(RsvpPerson).min(1),
  /** A note for the couple. */
  message: z.string().trim().max(2000).optional(),
  /** ISO instant of the latest answer; households may change their answer until the deadline. */
  respondedAt: z.iso.datetime(),
});
export type Rsvp = z.infer<typeof Rsvp>;

/** Someone is coming when at least one event says so; a household answered "no" when nobody comes to anything. */
export function isAttendingAnything(person: RsvpPerson): boolean {
  return Object.values(person.attending).some(Boolean);
}
