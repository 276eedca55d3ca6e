// The BFF process: read env, connect to Firebase, listen, and shut down cleanly on SIGTERM/SIGINT.
import { getMessaging } from "firebase-admin/messaging";
import { pino } from "pino";
import { buildServer } from "./build-server";
import { projectSwitches, templateFileSwitches } from "./config/switches-source";
import { firebaseWebConfig } from "./config/web-config";
import { parseServerEnv } from "./env";
import { connectFirebase, firebaseTargetFromEnv } from "./firebase/admin";
import { pingFirestore } from "./firebase/firestore-health";
import { GOOGLE_CHAIN } from "./http/client-address";
import { gracefulShutdown, SHUTDOWN_LIMIT_MS } from "./http/graceful-shutdown";
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
  siteUrl: env.SITE_URL ?? `http://${env.HOST}:${env.PORT}`,
  log: logger,
  now: env.FIXED_NOW ? () => new Date(env.FIXED_NOW as Date) : undefined,
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
  proxyTrust: env.TRUST_PROXY
    ? { ...GOOGLE_CHAIN, proxyRanges: env.PROXY_RANGES ?? GOOGLE_CHAIN.proxyRanges }
    : undefined,
  // A real project is served over HTTPS (Hosting, Cloud Run); the emulators over plain http.
  production: env.NODE_ENV === "production" && !firebase.target.emulated,
  loadShedding: PRODUCTION_LOAD_SHEDDING,
  checkFirestore: () => pingFirestore(firebase.firestore),
});

const shutdown = gracefulShutdown(app, {
  async closeResources() {
    closeServices();
    await firebase.close();
  },
  limitMs: SHUTDOWN_LIMIT_MS,
  exit: (code) => process.exit(code),
});
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ host: env.HOST, port: env.PORT });
