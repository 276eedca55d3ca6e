// `pnpm dev`: emulators + demo content + the BFF restarting on change + Vite with hot reload for web/.
import path from "node:path";
import { startEmulators } from "@boda/emulators/harness";
import { spawnManaged, typescriptCommand } from "@boda/kit/processes";
import { REPO_ROOT } from "@boda/kit/repo";
import { seedDemoContent, seedDemoInvites } from "./stack";

const bffPort = process.env.BFF_PORT ?? "8787";
const webPort = process.env.WEB_PORT ?? "5173";

console.log("Starting the emulators…");
const emulators = await startEmulators({ ports: "configured" }).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const env = { ...process.env, ...emulators.env };
await seedDemoContent(env);
const invites = await seedDemoInvites(
  env,
  `http://127.0.0.1:${webPort}`,
  path.join(REPO_ROOT, ".emulators/demo-invitaciones-dev"),
);

// Their output goes to .emulators/*.log (tail -f them) so the terminal keeps the URL in view.
const children = [
  spawnManaged(...typescriptCommand("server/src/main.ts", ["--watch"]), {
    cwd: REPO_ROOT,
    env: { ...env, PORT: bffPort, LOG_LEVEL: "debug" },
    logFile: path.join(REPO_ROOT, ".emulators/bff-dev.log"),
  }),
  spawnManaged(
    "pnpm",
    ["--filter", "@boda/web", "exec", "vite", "--host", "127.0.0.1", "--port", webPort, "--strictPort"],
    {
      cwd: REPO_ROOT,
      env: { ...env, BFF_PORT: bffPort },
      logFile: path.join(REPO_ROOT, ".emulators/vite-dev.log"),
    },
  ),
];

const stop = async () => {
  await Promise.allSettled(children.map((child) => child.stop()));
  await emulators.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
console.log(
  `\nDeveloping. Open http://127.0.0.1:${webPort}/ (hot reload; BFF on :${bffPort}, logs in .emulators/). Ctrl-C stops all.`,
);
if (invites[0]) console.log(`Try an invitation (${invites[0].name}): ${invites[0].link}`);
