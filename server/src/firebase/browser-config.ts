// What the browser needs to start the Firebase web SDK, decided by the server at run time so one build of
// web/ works against the emulators and against a real project.
import { z } from "zod";
import type { FirebaseWebConfig } from "../contract/site-view";
import { parseEnv } from "../env";
import type { FirebaseTarget } from "../firebase/admin";

const RealProjectWebEnv = z.object({
  FIREBASE_WEB_API_KEY: z
    .string({ error: "missing: set it to the web API key from the Firebase console (Project settings → Your apps)" })
    .min(1, { error: "empty: set it to the web API key from the Firebase console (Project settings → Your apps)" }),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_APP_ID: z.string().optional(),
  FIREBASE_MESSAGING_SENDER_ID: z.string().optional(),
  FIREBASE_MEASUREMENT_ID: z.string().optional(),
  FIREBASE_VAPID_KEY: z.string().optional(),
});

/**
 * Analytics has no emulator. A test stack may still name a measurement id (with the app id the SDK requires) so an
 * end-to-end test can watch which requests the page would make to Google, with the network to Google blocked.
 */
function emulatedAnalytics(env: NodeJS.ProcessEnv): Pick<FirebaseWebConfig, "measurementId" | "appId"> {
  const measurementId = env.FIREBASE_MEASUREMENT_ID || undefined;
  if (!measurementId) return {};
  if (!env.FIREBASE_APP_ID) {
    throw new Error(
      "FIREBASE_APP_ID: missing: Analytics needs the web app's id alongside FIREBASE_MEASUREMENT_ID (any id, on the emulators)",
    );
  }
  return { measurementId, appId: env.FIREBASE_APP_ID };
}

export function firebaseWebConfig(target: FirebaseTarget, env: NodeJS.ProcessEnv): FirebaseWebConfig {
  const serviceRegion = env.SERVICE_REGION || undefined;
  if (target.emulated) {
    return {
      projectId: target.projectId,
      // The Auth emulator accepts any API key; this one only makes the SDK's format check pass.
      apiKey: "demo-api-key",
      authEmulatorUrl: `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`,
      ...emulatedAnalytics(env),
      serviceRegion,
    };
  }
  const web = parseEnv(RealProjectWebEnv, env, "the Firebase web app of a real project");
  return {
    projectId: target.projectId,
    apiKey: web.FIREBASE_WEB_API_KEY,
    authDomain: web.FIREBASE_AUTH_DOMAIN ?? `${target.projectId}.firebaseapp.com`,
    appId: web.FIREBASE_APP_ID,
    messagingSenderId: web.FIREBASE_MESSAGING_SENDER_ID,
    measurementId: web.FIREBASE_MEASUREMENT_ID,
    vapidKey: web.FIREBASE_VAPID_KEY,
    serviceRegion,
  };
}
