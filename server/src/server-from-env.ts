// The BFF as the process runs it, built from the environment: the Firebase app, the services over it and the server,
// with every resource handed to the server so that `app.close()` releases it (plugins/resource.ts). main.ts adds only
// listening and the signals; the tests of closing build the same app.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { getMessaging } from "firebase-admin/messaging";
import { buildServer } from "./build-server";
import type { ServerEnv } from "./env";
import { connectFirebase, firebaseTargetFromEnv } from "./firebase/admin";
import { firebaseWebConfig } from "./firebase/browser-config";
import { pingFirestore } from "./firebase/firestore-health";
import { GOOGLE_CHAIN } from "./http/client-address";
import { PRODUCTION_LOAD_SHEDDING } from "./http/load-shedding";
import { projectPushSubscriptions } from "./notifications/push-subscriptions";
import { createServices } from "./services";
import { projectSwitches, templateFileSwitches } from "./switches/switches-source";

export interface ServerFromEnvOptions {
  /** The parsed settings (env.ts). */
  env: ServerEnv;
  /** The raw environment, for the Firebase target and the browser's Firebase settings. */
  processEnv: NodeJS.ProcessEnv;
  logger: FastifyBaseLogger;
  /** The firebase-admin app's name; one process has one unless a test builds several. */
  firebaseAppName?: string;
  /** How long each resource may take to close (build-server.ts); the default unless given. */
  resourceCloseLimitMs?: number;
}

export async function serverFromEnv(options: ServerFromEnvOptions): Promise<FastifyInstance> {
  const { env, processEnv, logger } = options;
  const firebase = connectFirebase(firebaseTargetFromEnv(processEnv), options.firebaseAppName);
  const webConfig = firebaseWebConfig(firebase.target, processEnv);
  const { services, resolveViewer, endLiveStreams, resources } = createServices({
    firebase,
    // Push needs a real project and a web push key; the Messaging SDK is only touched then.
    push:
      !firebase.target.emulated && webConfig.vapidKey
        ? projectPushSubscriptions(getMessaging(firebase.app))
        : undefined,
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

  return buildServer({
    logger,
    webDistDir: env.WEB_DIST_DIR,
    siteUrl: env.SITE_URL?.replace(/\/+$/, ""),
    services,
    resolveViewer,
    endLiveStreams,
    // The Firebase app first, so it is closed last: the services' listeners stop before the app they use goes.
    resources: [{ name: "the Firebase app", close: firebase.close }, ...resources],
    resourceCloseLimitMs: options.resourceCloseLimitMs,
    proxyTrust: env.TRUST_PROXY
      ? { ...GOOGLE_CHAIN, proxyRanges: env.PROXY_RANGES ?? GOOGLE_CHAIN.proxyRanges }
      : undefined,
    // A real project is served over HTTPS (Hosting, Cloud Run); the emulators over plain http.
    production: env.NODE_ENV === "production" && !firebase.target.emulated,
    loadShedding: PRODUCTION_LOAD_SHEDDING,
    checkFirestore: () => pingFirestore(firebase.firestore),
  });
}
