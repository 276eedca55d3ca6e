// The BFF process: read env, connect to Firebase, listen, and shut down cleanly on SIGTERM/SIGINT.
import { pino } from "pino";
import { buildServer } from "./build-server";
import { projectSwitches, templateFileSwitches } from "./config/switches-source";
import { firebaseWebConfig } from "./config/web-config";
import { parseServerEnv } from "./env";
import { connectFirebase, firebaseTargetFromEnv } from "./firebase/admin";
import { pingFirestore } from "./firebase/firestore-health";
import { createServices } from "./services";

const env = parseServerEnv(process.env);
const firebase = connectFirebase(firebaseTargetFromEnv(process.env));
const logger = pino({ level: env.LOG_LEVEL });

const {
  services,
  resolveViewer,
  close: closeServices,
} = createServices({
  firebase,
  switches: firebase.target.emulated
    ? templateFileSwitches(firebase.remoteConfig, env.REMOTE_CONFIG_TEMPLATE)
    : await projectSwitches(firebase.remoteConfig, logger),
  firebaseWebConfig: firebaseWebConfig(firebase.target, process.env),
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
  services,
  resolveViewer,
  trustProxy: env.TRUST_PROXY,
  checkFirestore: () => pingFirestore(firebase.firestore),
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  await app.close();
  closeServices();
  await firebase.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ host: env.HOST, port: env.PORT });
