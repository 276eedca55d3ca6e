// Invite codes must be unguessable (≥ 64 bits), readable aloud (no look-alikes) and never duplicated.
import { InviteCode } from "@boda/server/contract/household";
import {
  formatInviteCode,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  normalizeInviteCode,
} from "@boda/server/contract/invite-code";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateInviteCode, generateUniqueInviteCode, INVITE_CODE_ENTROPY_BITS } from "./invite-codes";

describe("invite codes", () => {
  it("carry at least 64 bits of entropy", () => {
    expect(INVITE_CODE_ENTROPY_BITS).toBeGreaterThanOrEqual(64);
  });

  it("use no characters that look alike", () => {
    for (const lookAlike of ["0", "O", "1", "I", "L", "U", "V"]) expect(INVITE_CODE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(INVITE_CODE_ALPHABET).size).toBe(INVITE_CODE_ALPHABET.length);
  });

  it("are always valid codes, whatever the random source returns", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: INVITE_CODE_LENGTH, maxLength: INVITE_CODE_LENGTH }), (draws) => {
        let index = 0;
        const code = generateInviteCode((size) => (draws[index++] ?? 0) % size);
        expect(code).toHaveLength(INVITE_CODE_LENGTH);
        expect(InviteCode.safeParse(code).success).toBe(true);
      }),
    );
  });

  it("reach every symbol of the alphabet with the real random source", () => {
    const seen = new Set(Array.from({ length: 200 }, () => generateInviteCode()).join(""));
    expect([...seen].sort().join("")).toBe([...INVITE_CODE_ALPHABET].sort().join(""));
  });

  it("skip codes already taken", () => {
    const draws = [...Array(INVITE_CODE_LENGTH).fill(0), ...Array(INVITE_CODE_LENGTH).fill(1)];
    const taken = new Set([INVITE_CODE_ALPHABET[0]?.repeat(INVITE_CODE_LENGTH) ?? ""]);
    const code = generateUniqueInviteCode(taken, () => draws.shift() ?? 0);
    expect(code).toBe(INVITE_CODE_ALPHABET[1]?.repeat(INVITE_CODE_LENGTH));
  });

  it("survive being printed in groups and typed back in lower case", () => {
    fc.assert(
      fc.property(fc.constant(null), () => {
        const code = generateInviteCode();
        expect(normalizeInviteCode(formatInviteCode(code).toLowerCase())).toBe(code);
      }),
      { numRuns: 50 },
    );
  });

  it("survive a phone's keyboard and a chat app's copy: full-width letters, typographic dashes, invisible spaces", () => {
    expect(normalizeInviteCode("ＡＢＣＤ－ＥＦＧＨ－ＪＫＭＮ－ＰＱＲＳ")).toBe("ABCDEFGHJKMNPQRS");
    expect(normalizeInviteCode("ABCD–EFGH—JKMN‐PQRS")).toBe("ABCDEFGHJKMNPQRS");
    expect(normalizeInviteCode("\u200BABCD\u00A0EFGH\u200DJKMN\uFEFFPQRS\u2060")).toBe("ABCDEFGHJKMNPQRS");
  });

  it("never turn a look-alike from another script, or a digit for a letter, into a valid code", () => {
    // Cyrillic А В Е К М Н Р С Т Х and Greek Α Β Ε Ζ Η Κ Μ Ν Ρ Τ Χ Υ look like Latin capitals of the alphabet.
    const lookAlikes = [..."АВЕКМНРСТХΑΒΕΖΗΚΜΝΡΤΧΥ", "0", "O", "1", "I", "L", "U", "V"];
    const code = "ABCDEFGHJKMNPQRS";
    for (const lookAlike of lookAlikes) {
      for (let position = 0; position < code.length; position += 1) {
        const guess = code.slice(0, position) + lookAlike + code.slice(position + 1);
        expect(InviteCode.safeParse(normalizeInviteCode(guess)).success).toBe(false);
      }
    }
  });
});
