// Invite codes: uniformly random over the no-look-alike alphabet, from the operating system's CSPRNG.
// The alphabet and length live in the contract (the BFF validates codes with the same rules).
import { randomInt } from "node:crypto";
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from "@boda/server/contract/invite-code";

/** Bits an attacker must guess: length × log2(alphabet size). */
export const INVITE_CODE_ENTROPY_BITS = INVITE_CODE_LENGTH * Math.log2(INVITE_CODE_ALPHABET.length);

/** `pick(n)` returns a uniform integer in [0, n); crypto.randomInt avoids modulo bias. */
export function generateInviteCode(pick: (size: number) => number = randomInt): string {
  let code = "";
  for (let index = 0; index < INVITE_CODE_LENGTH; index += 1)
    code += INVITE_CODE_ALPHABET[pick(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** A code not in `taken` (a collision is astronomically unlikely, but a duplicate must never be stored). */
export function generateUniqueInviteCode(taken: ReadonlySet<string>, pick?: (size: number) => number): string {
  for (;;) {
    const code = generateInviteCode(pick);
    if (!taken.has(code)) return code;
  }
}
