// Starts the Auth emulator from firebase-tools (pure Node, works offline) on the ports the harness chose.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@boda/kit/ports";
import { httpOk, spawnManaged, waitUntilReady } from "@boda/kit/processes";
import type { EmulatorStartOptions, RunningEmulator } from "./types";

const require = createRequire(import.meta.url);

export async function startAuthEmulator(options: EmulatorStartOptions): Promise<RunningEmulator> {
  const firebaseCli = require.resolve("firebase-tools/lib/bin/firebase.js");
  const version = (require("firebase-tools/package.json") as { version: string }).version;
  // firebase-tools also opens a hub and a logging port; give it free ones so parallel runs never collide.
  const [hubPort, loggingPort] = [await freePort(options.host), await freePort(options.host)];
  const configDir = mkdtempSync(path.join(tmpdir(), "boda-auth-emulator-"));
  writeFileSync(
    path.join(configDir, "firebase.json"),
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host: options.host, port: options.port },
        hub: { host: options.host, port: hubPort },
        logging: { host: options.host, port: loggingPort },
        ui: { enabled: false },
      },
    }),
  );
  const process_ = spawnManaged(
    process.execPath,
    [firebaseCli, "emulators:start", "--only", "auth", "--project", options.projectId],
    {
      cwd: configDir,
      env: { ...process.env, NO_UPDATE_NOTIFIER: "1", FIREBASE_CLI_EXPERIMENTS: "", CI: "true" },
      logFile: path.join(options.logDir, "auth.log"),
    },
  );
  await waitUntilReady("The Auth emulator", process_, () => httpOk(`http://${options.host}:${options.port}/`));
  return {
    name: "Auth",
    host: options.host,
    port: options.port,
    source: `firebase-tools ${version} (Node)`,
    stop: process_.stop,
  };
}
