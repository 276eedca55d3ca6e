// Schemas for guest-visible text in Spanish (required) and English (optional: falls back to Spanish).
import { z } from "zod";
import { LANGUAGES } from "./language";

export const Language = z.enum(LANGUAGES, {
  error: 'must be "es" (Spanish) or "en" (English)',
});

export const LocalizedText = z.strictObject({
  es: z.string().trim().min(1, { error: "Spanish text (es) must not be empty" }),
  en: z
    .string()
    .trim()
    .min(1, { error: "English text (en) must not be empty; leave it out to show the Spanish" })
    .optional(),
});
