// Usage counts for the couple, only on a real project with a measurement id (never on a test stack): which screens
// are opened and the moments that matter (an answer sent, directions opened, the wedding added to a calendar).
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

/** Starts Analytics where a real project configures it (and the browser supports it); idempotent. */
export function startAnalytics(config: FirebaseWebConfig): Promise<boolean> {
  started ??= (async () => {
    if (!config.measurementId) return false;
    const { getAnalytics, isSupported, logEvent } = await import("firebase/analytics");
    if (!(await isSupported())) return false;
    const analytics = getAnalytics(await firebaseApp(config));
    logger = (event) => logEvent(analytics, event.name as string, event.params);
    return true;
  })();
  return started;
}

/** Records an event if Analytics runs; otherwise does nothing (a test stack, or no consent from the browser). */
export function track(event: AnalyticsEvent): void {
  logger?.(event);
}

/** For tests: what records the events. */
export function setAnalyticsLogger(next: Logger | undefined): void {
  logger = next;
}
