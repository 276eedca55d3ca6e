// The guest's language (Spanish first, English second): chosen once, remembered, and reflected on <html lang>.
import { LANGUAGES, type Language } from "@boda/server/contract/language";
import { LANGUAGE_STORAGE_KEY } from "@boda/server/contract/routes";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { en } from "./en";
import { es, type Messages } from "./es";

const DICTIONARIES: Record<Language, Messages> = { es, en };
export const STORAGE_KEY = LANGUAGE_STORAGE_KEY;

function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly (string | null | undefined)[]).includes(value);
}

/**
 * The language the guest asked for: `?lang=en` from an invite link wins (in the hash, `#/?invite=X&lang=en`, or
 * before it); then the saved choice. The prerendered page's first-screen script reads them in the same order.
 */
export function chosenLanguage(
  location: Pick<Location, "hash" | "search">,
  storage: Storage | undefined,
): Language | undefined {
  const hashQuery = location.hash.includes("?") ? location.hash.slice(location.hash.indexOf("?")) : "";
  const fromLink = new URLSearchParams(hashQuery).get("lang") ?? new URLSearchParams(location.search).get("lang");
  if (isLanguage(fromLink)) return fromLink;
  const saved = readStorage(storage);
  return isLanguage(saved) ? saved : undefined;
}

/** The chosen language, or Spanish. */
export function initialLanguage(location: Pick<Location, "hash" | "search">, storage: Storage | undefined): Language {
  return chosenLanguage(location, storage) ?? "es";
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

/** The language a prerendered page was rendered in (<html lang>, set by the BFF), if it was prerendered. */
export function prerenderedLanguage(root: HTMLElement): Language | undefined {
  return isLanguage(root.lang) ? root.lang : undefined;
}

export function LanguageProvider({ children, initial }: { children: ReactNode; initial?: Language }) {
  // A prerendered page hydrates in the language it was rendered in (its first screen already chose by the link and
  // the saved choice); the server rendering it names it, since it has no window.
  const [language, setLanguage] = useState<Language>(
    () => initial ?? initialLanguage(window.location, window.localStorage),
  );

  useEffect(() => {
    // A prerendered page could not follow the choice when it had to be opened offline (it is never asked again
    // without a network): it hydrates in the language it was rendered in, then follows the choice.
    const chosen = initial && chosenLanguage(window.location, window.localStorage);
    if (chosen && chosen !== initial) setLanguage(chosen);
  }, [initial]);

  useEffect(() => {
    document.documentElement.lang = language;
    writeStorage(window.localStorage, language);
    // A `?lang=` the page was asked with would otherwise bring the other language back on the next reload.
    const url = new URL(window.location.href);
    if (url.searchParams.has("lang") && url.searchParams.get("lang") !== language) {
      url.searchParams.set("lang", language);
      window.history.replaceState(window.history.state, "", url);
    }
  }, [language]);

  const value = useMemo(() => ({ language, t: DICTIONARIES[language], setLanguage }), [language]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useI18n(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error("useI18n must be used inside <LanguageProvider>.");
  return state;
}
