// The guest's answer to "may we count visits?", remembered on this device. Until the guest says yes, Analytics is
// never downloaded and nothing of it is stored (EU rules ask for consent before a site stores identifiers).
import { useSyncExternalStore } from "react";

export type AnalyticsConsent = "granted" | "denied";
/** `undecided`: not answered yet; `unknown`: not known yet (the prerendered HTML, and hydrating it). */
export type ConsentState = AnalyticsConsent | "undecided" | "unknown";

export const CONSENT_STORAGE_KEY = "boda.analytics-consent";

const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Locked-down webviews: the question is then asked on every visit, and nothing starts without a yes.
    return undefined;
  }
}

/** The remembered choice, or `undecided` when the guest has not answered yet. */
export function readConsent(): AnalyticsConsent | "undecided" {
  try {
    const value = storage()?.getItem(CONSENT_STORAGE_KEY);
    return value === "granted" || value === "denied" ? value : "undecided";
  } catch {
    return "undecided";
  }
}

export function saveConsent(choice: AnalyticsConsent): void {
  try {
    storage()?.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    // Not remembering only means the question comes back next visit.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) listener();
  };
  // Another tab of the page may answer too.
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The remembered choice. The prerendered HTML cannot know it, so on the server and while hydrating it is `unknown`
 * (React then renders again with the stored value): what depends on it appears only after hydration.
 */
export function useAnalyticsConsent(): ConsentState {
  return useSyncExternalStore(subscribe, readConsent, () => "unknown");
}
