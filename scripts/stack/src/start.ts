// `pnpm start`: builds the web app, starts emulators + demo content + BFF, prints the URL; Ctrl-C stops all.

import { runToCompletion } from "@boda/kit/processes";
import { REPO_ROOT } from "@boda/kit/repo";
import { startStack, WEB_DIST_DIR } from "./stack";

console.log("Building the web app (the production build guests get)…");
await runToCompletion("pnpm", ["--filter", "@boda/web", "build"], { cwd: REPO_ROOT, label: "Building web/" }).catch(
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
console.log(`Built ${WEB_DIST_DIR}. Starting the stack…`);

const stack = await startStack({ ports: "configured" }).catch((error: Error) => {
  console.error(`\n${error.message}`);
  process.exit(1);
});

const stop = async (code: number) => {
  console.log("\nStopping the BFF and the emulators…");
  await stack.stop();
  process.exit(code);
};
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

const family = stack.invites.find((invite) => invite.key === "fernandez-garcia") ?? stack.invites[0];
console.log(`\nReady. Open ${stack.url}  (Ctrl-C stops everything)`);
if (family) {
  console.log(`Try an invitation (${family.name}): ${family.link}`);
  console.log(`  or type its code on the page: ${family.code}`);
}
