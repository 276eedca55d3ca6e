// The BFF process: read env, connect to Firebase, listen, and shut down cleanly on SIGTERM/SIGINT.
import { getMessaging } from "firebase-admin/messaging";
import { pino } from "pino";
import { buildServer } from "./build-server";
import { projectSwitches, templateFileSwitches } from "./config/switches-source";
import { firebaseWebConfig } from "./config/web-config";
import { parseServerEnv } from "./env";
import { connectFirebase, firebaseTargetFromEnv } from "./firebase/admin";
import { pingFirestore } from "./firebase/firestore-health";
import { PRODUCTION_LOAD_SHEDDING } from "./http/load-shedding";
import { projectPushSubscriptions } from "./notifications/push-subscriptions";
import { createServices } from "./services";

const env = parseServerEnv(process.env);
const firebase = connectFirebase(firebaseTargetFromEnv(process.env));
const logger = pino({ level: env.LOG_LEVEL });

const webConfig = firebaseWebConfig(firebase.target, process.env);
const {
  services,
  resolveViewer,
  endLiveStreams,
  close: closeServices,
} = createServices({
  firebase,
  // Push needs a real project and a web push key; the Messaging SDK is only touched then.
  push:
    !firebase.target.emulated && webConfig.vapidKey ? projectPushSubscriptions(getMessaging(firebase.app)) : undefined,
  switches: firebase.target.emulated
    ? templateFileSwitches(firebase.remoteConfig, env.REMOTE_CONFIG_TEMPLATE)
    : await projectSwitches(firebase.remoteConfig, logger),
  firebaseWebConfig: webConfig,
  log: logger,
});
logger.info(
  { project: firebase.target.projectId, emulated: firebase.target.emulated },
  firebase.target.emulated
    ? "emulator mode: Analytics and push messaging are off (they have no emulators)"
    : "real project mode",
);

const app = await buildServer({
  logger,
  webDistDir: env.WEB_DIST_DIR,
  siteUrl: env.SITE_URL?.replace(/\/+$/, ""),
  services,
  resolveViewer,
  endLiveStreams,
  trustProxy: env.TRUST_PROXY,
  // A real project is served over HTTPS (Hosting, Cloud Run); the emulators over plain http.
  production: env.NODE_ENV === "production" && !firebase.target.emulated,
  loadShedding: PRODUCTION_LOAD_SHEDDING,
  checkFirestore: () => pingFirestore(firebase.firestore),
});

/** Cloud Run gives 10 s between SIGTERM and SIGKILL; finish well inside it, or give up and exit anyway. */
const SHUTDOWN_LIMIT_MS = 8000;

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down: ending live streams, finishing requests in flight");
  const forced = setTimeout(() => {
    app.log.error({ limitMs: SHUTDOWN_LIMIT_MS }, "shutdown took too long; exiting anyway");
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS);
  forced.unref();
  await app.close();
  closeServices();
  await firebase.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ host: env.HOST, port: env.PORT });
