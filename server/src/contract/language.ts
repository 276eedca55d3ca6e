// The page's two languages and how a text is picked for a guest. Free of zod on purpose: the web's first
// paint imports it, and the schemas (localized.ts) would pull the whole validator into that bundle.

export const LANGUAGES = ["es", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Spanish is required; English is optional and falls back to Spanish, never to a third language. */
export interface LocalizedText {
  es: string;
  en?: string;
}

/** The text in the guest's language; English falls back to Spanish. */
export function pickText(text: LocalizedText, language: Language): string {
  return language === "en" ? (text.en ?? text.es) : text.es;
}
