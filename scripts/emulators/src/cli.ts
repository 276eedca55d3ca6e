// `pnpm emulators` runs the emulators until Ctrl-C; `pnpm emulators exec -- <command>` runs a command against them.
import { spawn } from "node:child_process";
import { startEmulators } from "./harness";

const args = process.argv.slice(2);
const execIndex = args.indexOf("exec");
const command = execIndex >= 0 ? args.slice(execIndex + 1).filter((arg, index) => !(index === 0 && arg === "--")) : [];

if (args.includes("--help") || (execIndex >= 0 && command.length === 0)) {
  console.log(`Usage:
  pnpm emulators                       start Auth, Firestore and the Realtime Database; Ctrl-C stops them
  pnpm emulators exec -- <command...>  start them on free ports, run <command> with the emulator variables set, stop

Ports (when not exec): firebase.json, overridable with AUTH_EMULATOR_PORT, FIRESTORE_EMULATOR_PORT, DATABASE_EMULATOR_PORT.`);
  process.exit(execIndex >= 0 && command.length === 0 ? 2 : 0);
}

console.log("Starting the Firebase emulators…");
const emulators = await startEmulators({ ports: execIndex >= 0 ? "free" : "configured" }).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

const stopAndExit = async (code: number) => {
  await emulators.stop();
  process.exit(code);
};
process.on("SIGINT", () => void stopAndExit(130));
process.on("SIGTERM", () => void stopAndExit(143));

if (execIndex >= 0) {
  const [file, ...rest] = command as [string, ...string[]];
  const child = spawn(file, rest, {
    stdio: "inherit",
    env: { ...process.env, ...emulators.env },
    cwd: process.env.INIT_CWD ?? process.cwd(),
  });
  child.on("exit", (code, signal) => void stopAndExit(code ?? (signal ? 1 : 0)));
} else {
  for (const [name, value] of Object.entries(emulators.env)) console.log(`  export ${name}=${value}`);
  console.log("Emulators ready. Press Ctrl-C to stop them.");
}
