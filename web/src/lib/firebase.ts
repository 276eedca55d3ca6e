// The Firebase web SDK, loaded only when something needs it: Auth when a guest opens an invitation, was signed
// in on an earlier visit, or the couple signs in; Analytics and Messaging only for a real project that configures
// them (analytics.ts, push.ts). A stranger's visit on a test stack loads none of it.
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
