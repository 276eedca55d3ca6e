// Every text the page shows exists in Spanish and English, in every dictionary: the same keys (nested ones too),
// no empty string, and texts built from values take the same values in both languages. The types already refuse a
// missing key; this also catches empty texts, untranslated copies and parameter mismatches.
import { describe, expect, it } from "vitest";
import { en } from "./en";
import { es } from "./es";
import type { FeatureTexts } from "./feature-texts";

const features = import.meta.glob<Record<string, FeatureTexts<unknown>>>("../../features/*/texts.ts", { eager: true });

const dictionaries: Array<[string, unknown, unknown]> = [
  ["interface (es.ts / en.ts)", es, en],
  ...Object.entries(features).flatMap(([file, exports]) =>
    Object.entries(exports).map(([name, texts]): [string, unknown, unknown] => [`${file} ${name}`, texts.es, texts.en]),
  ),
];

/** Every problem between a Spanish and an English text tree, as "path: what is wrong". */
function problems(spanish: unknown, english: unknown, at = ""): string[] {
  if (typeof spanish === "function" || typeof english === "function") {
    if (typeof spanish !== "function" || typeof english !== "function")
      return [`${at}: a function in one language only`];
    if (spanish.length !== english.length)
      return [`${at}: takes ${spanish.length} values in Spanish, ${english.length} in English`];
    return [];
  }
  if (typeof spanish === "string" || typeof english === "string") {
    if (typeof spanish !== "string" || typeof english !== "string") return [`${at}: text in one language only`];
    return [spanish, english].some((text) => text.trim() === "") ? [`${at}: empty`] : [];
  }
  if (spanish && english && typeof spanish === "object" && typeof english === "object") {
    const keys = new Set([...Object.keys(spanish), ...Object.keys(english)]);
    return [...keys].flatMap((key) => {
      const path = at ? `${at}.${key}` : key;
      if (!(key in spanish)) return [`${path}: missing in Spanish`];
      if (!(key in english)) return [`${path}: missing in English`];
      return problems((spanish as Record<string, unknown>)[key], (english as Record<string, unknown>)[key], path);
    });
  }
  return spanish === english ? [] : [`${at}: ${String(spanish)} / ${String(english)}`];
}

describe("texts in both languages", () => {
  it("should find the interface dictionary and every feature's texts", () => {
    expect(dictionaries.length).toBeGreaterThanOrEqual(6);
  });

  it.each(dictionaries)("%s: same keys, no empty text, same values to fill in", (_name, spanish, english) => {
    expect(problems(spanish, english)).toEqual([]);
  });

  it("should report what is wrong, where (the check itself)", () => {
    expect(problems({ a: "Hola", b: { c: "" }, f: (n: number) => `${n}` }, { a: "Hi", b: { c: "x" }, g: "y" })).toEqual(
      ["b.c: empty", "f: missing in English", "g: missing in Spanish"],
    );
  });
});
