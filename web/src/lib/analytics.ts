// Usage counts for the couple, only on a project with a measurement id and only after the guest said yes
// (analytics-consent.ts): which screens are opened and the moments that matter (an answer sent, directions opened,
// the wedding added to a calendar). Without that yes the SDK is never downloaded.
import type { FirebaseWebConfig } from "@boda/server/contract/site-view";
import { firebaseApp } from "./firebase";

export type AnalyticsEvent =
  | { name: "page_view"; params: { page_path: string } }
  | { name: "rsvp_sent"; params: { coming: number; people: number } }
  | { name: "directions_opened"; params: { place: string; app: string } }
  | { name: "calendar_added"; params: { event: string; kind: "ics" | "google" } };

type Logger = (event: AnalyticsEvent) => void;
let logger: Logger | undefined;
let started: Promise<boolean> | undefined;
/** Turns measuring off in the running SDK, once it has started. */
let stopper: (() => void) | undefined;

/** Google's consent mode: measuring allowed, nothing for advertising. */
const MEASURING_ONLY = {
  analytics_storage: "granted",
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
} as const;

/**
 * Starts Analytics where the project configures it (and the browser supports it); idempotent. Call it only once the
 * guest has said yes: this is what downloads Google's SDK.
 */
export function startAnalytics(config: FirebaseWebConfig): Promise<boolean> {
  started ??= (async () => {
    if (!config.measurementId) return false;
    const { getAnalytics, isSupported, logEvent, setAnalyticsCollectionEnabled, setConsent } = await import(
      "firebase/analytics"
    );
    if (!(await isSupported())) return false;
    setConsent(MEASURING_ONLY);
    const analytics = getAnalytics(await firebaseApp(config));
    setAnalyticsCollectionEnabled(analytics, true);
    logger = (event) => logEvent(analytics, event.name as string, event.params);
    stopper = () => {
      setConsent({ ...MEASURING_ONLY, analytics_storage: "denied" });
      setAnalyticsCollectionEnabled(analytics, false);
    };
    return true;
  })();
  return started;
}

/**
 * The guest withdrew their yes: nothing more is recorded or sent, and the cookies Analytics set on this site are
 * removed. (The SDK already downloaded stays in memory until the page is closed, idle.)
 */
export async function stopAnalytics(): Promise<void> {
  logger = undefined;
  if (started) await started.catch(() => false);
  stopper?.();
  for (const name of document.cookie.split("; ").map((cookie) => cookie.split("=")[0] ?? "")) {
    if (name === "_ga" || name.startsWith("_ga_")) {
      // Analytics may set its cookies for the host or for its domain; clearing both forms covers either.
      for (const domain of ["", `; domain=${location.hostname}`]) {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
        document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
      }
    }
  }
  started = undefined;
}

/** Records an event if Analytics runs; otherwise does nothing (a test stack, or no yes from the guest). */
export function track(event: AnalyticsEvent): void {
  logger?.(event);
}

/** For tests: what records the events. */
export function setAnalyticsLogger(next: Logger | undefined): void {
  logger = next;
}
