// A household's answer to the invitation: what the form sends (`RsvpInput`), what is stored in Firestore
// (`rsvps/{householdKey}`, kept apart from `households/{key}` so re-running `seed invites` never touches answers),
// and the history of every change (`rsvps/{householdKey}/history/{revision}`). Shared by the form, the BFF and seeds.
import { z } from "zod";
import { Slug } from "./content";
import { guestText } from "./guest-text";

export const RSVPS_COLLECTION = "rsvps";
export const RSVP_HISTORY_SUBCOLLECTION = "history";

/** Common dietary needs offered as checkboxes; anything else goes in the person's free-text notes. */
export const DIETARY_NEEDS = [
  "vegetarian",
  "vegan",
  "gluten-free",
  "lactose-free",
  "nut-allergy",
  "shellfish-allergy",
] as const;
export type DietaryNeed = (typeof DIETARY_NEEDS)[number];

export const RSVP_LIMITS = { name: 80, dietaryNotes: 300, answer: 200, message: 1000, people: 30 } as const;

/** Unnamed seats of a household are answered as `plus-1`, `plus-2`…; named members by their id. */
export const PLUS_ONE_ID = /^plus-[1-9]\d?$/;
export function plusOneId(index: number): string {
  return `plus-${index + 1}`;
}

/** A question's answer: free text, yes/no, or the id of a chosen option (see content `rsvpQuestions`). */
export const RsvpAnswer = z.union([guestText({ max: RSVP_LIMITS.answer }), z.boolean()]);
export type RsvpAnswer = z.infer<typeof RsvpAnswer>;

const Attending = z.record(Slug, z.boolean());
const Dietary = z
  .array(z.enum(DIETARY_NEEDS, { error: `must be one of: ${DIETARY_NEEDS.join(", ")}` }))
  .max(DIETARY_NEEDS.length);

/** One person's answer as the form sends it. Plus-ones also carry the name and child flag the household gives. */
export const RsvpPersonInput = z.strictObject({
  personId: Slug,
  name: guestText({ max: RSVP_LIMITS.name }).optional(),
  child: z.boolean().optional(),
  /** Event id → coming or not, for every event the household is invited to. */
  attending: Attending,
  /** A content `meals` id; required when the person comes to an event that serves a meal. */
  mealId: Slug.optional(),
  dietary: Dietary.default([]),
  dietaryNotes: guestText({ max: RSVP_LIMITS.dietaryNotes }).optional(),
});
export type RsvpPersonInput = z.infer<typeof RsvpPersonInput>;

/** What the RSVP form sends; the same schema checks it in the browser and in the BFF. */
export const RsvpInput = z.strictObject({
  people: z.array(RsvpPersonInput).min(1).max(RSVP_LIMITS.people),
  /** rsvpQuestions id → answer, once per household. */
  answers: z.record(Slug, RsvpAnswer).default({}),
  message: guestText({ max: RSVP_LIMITS.message, multiline: true }).optional(),
  /**
   * The revision the household last saw (0 before its first answer). A different stored revision means someone
   * else in the household answered meanwhile: the BFF refuses rather than silently overwrite their answer.
   */
  expectedRevision: z.number().int().min(0),
  /**
   * This answer's idempotency key: a UUID the page makes once per answer the guest sends and reuses on its retries.
   * A key that already landed gets the revision it produced back instead of a second save or a conflict, so a retry
   * after a lost reply (a timeout, a 503, a dropped connection) is safe. Optional only for older callers: without
   * one, the BFF makes one and a retry is not recognised.
   */
  submissionId: z.uuid().optional(),
});
export type RsvpInput = z.infer<typeof RsvpInput>;

export const RsvpPerson = z.strictObject({
  personId: Slug,
  name: z.string().min(1),
  child: z.boolean(),
  attending: Attending,
  mealId: Slug.optional(),
  dietary: Dietary,
  dietaryNotes: z.string().optional(),
});
export type RsvpPerson = z.infer<typeof RsvpPerson>;

export const Rsvp = z.strictObject({
  householdKey: Slug,
  people: z.array(RsvpPerson).min(1),
  answers: z.record(Slug, z.union([z.string(), z.boolean()])),
  /** A note for the couple. */
  message: z.string().optional(),
  /** ISO instant of the latest answer; households may change their answer until the deadline. */
  respondedAt: z.iso.datetime(),
  /** 1 for the first answer, +1 for every change. */
  revision: z.number().int().min(1),
  /** The idempotency key of the submit that saved this revision (absent on answers saved before keys existed). */
  submissionId: z.string().min(1).optional(),
});
export type Rsvp = z.infer<typeof Rsvp>;

/** Who saved a revision: the household through its invitation link, or the couple. */
export const RsvpAuthor = z.strictObject({
  kind: z.enum(["household", "couple"]),
  /** The Firebase Auth uid that was signed in. */
  uid: z.string().min(1),
});
export type RsvpAuthor = z.infer<typeof RsvpAuthor>;

/** One entry of the history: the answer before and after a change, who made it and when. */
export const RsvpChange = z.strictObject({
  revision: z.number().int().min(1),
  at: z.iso.datetime(),
  by: RsvpAuthor,
  before: Rsvp.nullable(),
  after: Rsvp,
});
export type RsvpChange = z.infer<typeof RsvpChange>;

/** History documents are named by zero-padded revision, so they sort in order and a revision is written once. */
export function historyDocId(revision: number): string {
  return String(revision).padStart(6, "0");
}
