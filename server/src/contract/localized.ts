// Guest-visible text in Spanish (required) and English (optional: falls back to Spanish, never to a third language).
import { z } from "zod";

export const LANGUAGES = ["es", "en"] as const;
export const Language = z.enum(LANGUAGES, {
  error: 'must be "es" (Spanish) or "en" (English)',
});
export type Language = z.infer<typeof Language>;

export const LocalizedText = z
  .object({
    es: z.string().trim().min(1, { error: "Spanish text (es) must not be empty" }),
    en: z
      .string()
      .trim()
      .min(1, { error: "English text (en) must not be empty; leave it out to show the Spanish" })
      .optional(),
  })
  .strict();
export type LocalizedText = z.infer<typeof LocalizedText>;

/** The text in the guest's language; English falls back to Spanish. */
export function pickText(text: LocalizedText, language: Language): string {
  return language === "en" ? (text.en ?? text.es) : text.es;
}
