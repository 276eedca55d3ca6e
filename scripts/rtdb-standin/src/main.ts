// Runs the Realtime Database stand-in as its own process:
//   tsx scripts/rtdb-standin/src/main.ts --port 9000 [--host 127.0.0.1] [--rules database.rules.json] [--project demo-boda]
import { parseArgs } from "node:util";
import { startRtdbStandin } from "./server";

const USAGE = "usage: main.ts --port <port> [--host <host>] [--rules <database.rules.json>] [--project <projectId>]";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: "string", default: "127.0.0.1" },
      port: { type: "string", default: "9000" },
      rules: { type: "string" },
      project: { type: "string" },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${values.port}\n${USAGE}`);
  const standin = await startRtdbStandin({
    host: values.host,
    port,
    ...(values.rules !== undefined && { rulesPath: values.rules }),
    ...(values.project !== undefined && { projectId: values.project }),
    log: (line) => console.log(line),
  });
  const shutdown = () => {
    void standin.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE") {
    console.error(
      `Realtime Database stand-in: the port is already in use (${(error as Error).message}). Stop whatever holds it or pick another --port.`,
    );
  } else {
    console.error(`Realtime Database stand-in failed to start: ${(error as Error).message}`);
  }
  process.exit(1);
});
