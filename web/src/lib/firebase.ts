// Starts the Firebase web SDK with the settings the BFF hands out: Auth always (the Auth emulator locally),
// Analytics and push messaging only where a real project configures them. Loaded after first paint, in its own
// chunks, so the page shows up before the SDK downloads.
import type { FirebaseWebConfig } from "@boda/server/contract/site-view";

export interface FirebaseStatus {
  mode: "emulators" | "project";
  analytics: boolean;
  messaging: boolean;
}

let started: Promise<FirebaseStatus> | undefined;

/** Idempotent: every caller gets the same start-up. */
export function startFirebase(config: FirebaseWebConfig): Promise<FirebaseStatus> {
  started ??= start(config);
  return started;
}

async function start(config: FirebaseWebConfig): Promise<FirebaseStatus> {
  const [{ initializeApp }, { connectAuthEmulator, getAuth }] = await Promise.all([
    import("firebase/app"),
    import("firebase/auth"),
  ]);
  const app = initializeApp({
    projectId: config.projectId,
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    appId: config.appId,
    messagingSenderId: config.messagingSenderId,
    measurementId: config.measurementId,
  });
  const auth = getAuth(app);
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });

  let analytics = false;
  if (config.measurementId) {
    const { getAnalytics, isSupported } = await import("firebase/analytics");
    if (await isSupported()) {
      getAnalytics(app);
      analytics = true;
    }
  }
  // Messaging needs the guest's permission, asked for when they opt in; here we only learn whether it can work.
  let messaging = false;
  if (config.vapidKey) messaging = await (await import("firebase/messaging")).isSupported();

  const mode = config.authEmulatorUrl ? "emulators" : "project";
  if (!analytics || !messaging) {
    console.info(
      `Firebase (${mode}): Auth on; Analytics ${analytics ? "on" : "off"}; push messaging ${messaging ? "available" : "off"}` +
        (mode === "emulators" ? " (they have no emulators)." : "."),
    );
  }
  return { mode, analytics, messaging };
}
