// Invite codes as guests see them: the alphabet, the length, and how a typed code is read and a printed one laid
// out. Free of zod on purpose: the page's code entry imports it.

/**
 * Digits and capitals without look-alikes (no 0/O, 1/I/L, U/V), so a code read aloud or typed from a printed card
 * survives. 29 symbols × 16 characters ≈ 77.7 bits: unguessable.
 */
export const INVITE_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";
export const INVITE_CODE_LENGTH = 16;

/**
 * Separators a typed or pasted code may carry: spaces, any dash (phones turn "--" into "–"), and the invisible
 * zero-width characters some chat apps insert when copying.
 */
const SEPARATORS = /[\s\p{Pd}\u200B-\u200D\u2060]/gu;

/**
 * What guests type or paste ("abcd-efgh …") → the stored form: capitals, no separators. NFKC folds width variants
 * (a phone keyboard's full-width "ＡＢＣＤ" is ABCD); look-alikes from other scripts (Cyrillic "А", Greek "Α") stay
 * what they are, so they never match a code.
 */
export function normalizeInviteCode(input: string): string {
  return input.normalize("NFKC").toUpperCase().replace(SEPARATORS, "");
}

/** `ABCDEFGHJKMNPQRS` → `ABCD-EFGH-JKMN-PQRS`, the way cards print it. */
export function formatInviteCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}
