// Which household a guest who lost the link is pointing at, from an email or a name (unit: no emulators).
import { describe, expect, it } from "vitest";
import type { Household } from "../contract/household";
import { findHousehold, maskEmail, readLookupQuery } from "./guest-lookup";

function household(key: string, names: string[], extra: Partial<Household> = {}): Household {
  return {
    key,
    displayName: `Familia ${key}`,
    seats: names.length,
    members: names.map((name, index) => ({ id: `${key}-${index}`, name, child: false })),
    plusOnes: 0,
    tags: [],
    language: "es",
    code: "ABCDEFGHJKMNPQRS",
    codeIssuedAt: "2026-10-01T10:00:00.000Z",
    ...extra,
  };
}

const list = [
  household("garcia-lopez", ["José Ángel García López", "Lucía Martín"], { email: "jose@example.com" }),
  household("smith", ["Christopher Smith"], { email: "chris@example.com", nicknames: ["Chris Smith"] }),
  household("ruiz", ["María de la Fuente Ruiz"]),
  household("perez-madrid", ["Ana Pérez"], { email: "ana.madrid@example.com" }),
  household("perez-sevilla", ["Ana Pérez"], { email: "ana.sevilla@example.com" }),
];
const find = (typed: string) => findHousehold(list, readLookupQuery(typed))?.key;

describe("finding a household from what a guest remembers", () => {
  it("should find a name typed without accents, in other case", () => {
    expect(find("jose angel garcia lopez")).toBe("garcia-lopez");
    expect(find("LUCIA MARTIN")).toBe("garcia-lopez");
  });

  it("should find a name with its two surnames in the other order", () => {
    expect(find("José Ángel López García")).toBe("garcia-lopez");
  });

  it("should find a first name and one surname when the list also has the second", () => {
    expect(find("Jose Garcia")).toBe("garcia-lopez");
    expect(find("maría ruiz")).toBe("ruiz");
  });

  it("should ignore the words that join names", () => {
    expect(find("Maria Fuente Ruiz")).toBe("ruiz");
    expect(find("Familia garcia-lopez")).toBe("garcia-lopez");
  });

  it("should find a nickname the couple declared, and only then", () => {
    expect(find("chris smith")).toBe("smith");
    expect(find("Chris Smyth")).toBeUndefined();
  });

  it("should not point at anyone from one word alone", () => {
    expect(find("García")).toBeUndefined();
    expect(find("Lucía")).toBeUndefined();
  });

  it("should send a name that two households share to the couple (no match)", () => {
    expect(find("Ana Pérez")).toBeUndefined();
  });

  it("should find an email in any case, and only the exact address", () => {
    expect(find("  JOSE@example.com ")).toBe("garcia-lopez");
    expect(find("jose@example.org")).toBeUndefined();
  });

  it("should find nobody from nothing but punctuation", () => {
    expect(find("-- !! --")).toBeUndefined();
  });
});

describe("masking an address", () => {
  it("should keep the first letter and the domain", () => {
    expect(maskEmail("lucia@gmail.com")).toBe("l•••@gmail.com");
  });
});
