// The guest's language (Spanish first, English second): chosen once, remembered, and reflected on <html lang>.
import { LANGUAGES, type Language } from "@boda/server/contract/language";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { en } from "./en";
import { es, type Messages } from "./es";

const DICTIONARIES: Record<Language, Messages> = { es, en };
export const STORAGE_KEY = "boda.language";

function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly (string | null | undefined)[]).includes(value);
}

/** `?lang=en` from an invite link wins (in the hash, `#/?invite=X&lang=en`, or before it); then the saved choice. */
export function initialLanguage(location: Pick<Location, "hash" | "search">, storage: Storage | undefined): Language {
  const hashQuery = location.hash.includes("?") ? location.hash.slice(location.hash.indexOf("?")) : "";
  const fromLink = new URLSearchParams(hashQuery).get("lang") ?? new URLSearchParams(location.search).get("lang");
  if (isLanguage(fromLink)) return fromLink;
  const saved = readStorage(storage);
  return isLanguage(saved) ? saved : "es";
}

// Private browsing and locked-down webviews can throw on storage access; the page must still work.
function readStorage(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeStorage(storage: Storage | undefined, language: Language): void {
  try {
    storage?.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembering the choice is acceptable; failing the page is not.
  }
}

interface LanguageState {
  language: Language;
  t: Messages;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState<Language>(() => initialLanguage(window.location, window.localStorage));

  useEffect(() => {
    document.documentElement.lang = language;
    writeStorage(window.localStorage, language);
  }, [language]);

  const value = useMemo(() => ({ language, t: DICTIONARIES[language], setLanguage }), [language]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useI18n(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error("useI18n must be used inside <LanguageProvider>.");
  return state;
}
