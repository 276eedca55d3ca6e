// Invited households as stored in Firestore (`households/{key}`) and their invite codes (`inviteCodes/{code}`).
// Written by `pnpm seed invites`, read by the BFF to sign guests in with the code from their link.
import { z } from "zod";
import { Slug } from "./content";
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from "./invite-code";
import { Language } from "./localized";

export const INVITE_CODES_COLLECTION = "inviteCodes";

export const InviteCode = z
  .string()
  .length(INVITE_CODE_LENGTH, { error: `must be ${INVITE_CODE_LENGTH} characters` })
  .refine((code) => [...code].every((char) => INVITE_CODE_ALPHABET.includes(char)), {
    error: `may only use the characters ${INVITE_CODE_ALPHABET}`,
  });
export type InviteCode = z.infer<typeof InviteCode>;

const Phone = z.string().regex(/^\+[1-9]\d{6,14}$/, {
  error: 'must be an international phone number with country code and no spaces, such as "+34600111222"',
});

/** Where someone sits at the dinner, as the couple names it ("5", "Olivo"); shown only in the wedding's last days. */
export const TableName = z.string().trim().min(1).max(40);

/** A person known by name. Ids are stable slugs of the name so RSVP answers stay attached when the list is edited. */
export const Member = z.strictObject({
  id: Slug,
  name: z.string().trim().min(1),
  child: z.boolean(),
  /** This person's table when it differs from the household's. */
  table: TableName.optional(),
});
export type Member = z.infer<typeof Member>;

export const Household = z
  .strictObject({
    key: Slug,
    displayName: z.string().trim().min(1),
    /** Everyone invited: the named members plus the unnamed plus-ones. */
    seats: z.number().int().min(1),
    members: z.array(Member),
    /** Seats whose guest is not known yet ("Ana y acompañante"); the RSVP form asks for their names. */
    plusOnes: z.number().int().min(0),
    tags: z.array(Slug),
    language: Language,
    email: z.email().optional(),
    phone: Phone.optional(),
    /** Other names the household answers to ("Chris", "los de Sevilla"): a guest who lost the link may type them. */
    nicknames: z.array(z.string().trim().min(1)).optional(),
    /** The household's table at the dinner (a member's own `table` overrides it). */
    table: TableName.optional(),
    code: InviteCode,
    codeIssuedAt: z.iso.datetime(),
  })
  .superRefine((household, ctx) => {
    if (household.members.length + household.plusOnes !== household.seats) {
      ctx.addIssue({
        code: "custom",
        path: ["seats"],
        message: `seats (${household.seats}) must equal named members (${household.members.length}) + plus-ones (${household.plusOnes})`,
      });
    }
  });
export type Household = z.infer<typeof Household>;

/** `inviteCodes/{code}`: lets the BFF find the household of a code with one read. */
export const InviteCodeDoc = z.strictObject({ householdKey: Slug });
export type InviteCodeDoc = z.infer<typeof InviteCodeDoc>;
