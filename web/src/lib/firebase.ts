// The Firebase web SDK, loaded only when something needs it: Auth when a guest opens an invitation, was signed
// in on an earlier visit, or the couple signs in; Analytics only for a real project with a measurement id. A
// stranger's visit on a test stack loads none of it.
import type { FirebaseWebConfig } from "@boda/server/contract/site-view";
import type { FirebaseApp } from "firebase/app";

let app: Promise<FirebaseApp> | undefined;

/** The one Firebase app of the page, created on first use. */
export function firebaseApp(config: FirebaseWebConfig): Promise<FirebaseApp> {
  app ??= import("firebase/app").then(({ initializeApp }) =>
    initializeApp({
      projectId: config.projectId,
      apiKey: config.apiKey,
      authDomain: config.authDomain,
      appId: config.appId,
      messagingSenderId: config.messagingSenderId,
      measurementId: config.measurementId,
    }),
  );
  return app;
}

export interface ServicesStatus {
  mode: "emulators" | "project";
  analytics: boolean;
  messaging: boolean;
}

/** Which optional services this stack has; known from the BFF's settings, without loading the SDK. */
export function servicesStatus(config: FirebaseWebConfig): ServicesStatus {
  return {
    mode: config.authEmulatorUrl ? "emulators" : "project",
    analytics: Boolean(config.measurementId),
    messaging: Boolean(config.vapidKey),
  };
}

let analytics: Promise<boolean> | undefined;

/** Starts Analytics where a real project configures it (and the browser supports it); idempotent. */
export function startAnalytics(config: FirebaseWebConfig): Promise<boolean> {
  analytics ??= (async () => {
    if (!config.measurementId) return false;
    const { getAnalytics, isSupported } = await import("firebase/analytics");
    if (!(await isSupported())) return false;
    getAnalytics(await firebaseApp(config));
    return true;
  })();
  return analytics;
}
