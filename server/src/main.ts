// The BFF process: read env, build the server (server-from-env.ts), listen, and shut down cleanly on SIGTERM/SIGINT.
import { pino } from "pino";
import { parseServerEnv } from "./env";
import { gracefulShutdown, SHUTDOWN_LIMIT_MS } from "./http/graceful-shutdown";
import { serverFromEnv } from "./server-from-env";

const env = parseServerEnv(process.env);
const logger = pino({ level: env.LOG_LEVEL });

const app = await serverFromEnv({ env, processEnv: process.env, logger });

const shutdown = gracefulShutdown(app, { limitMs: SHUTDOWN_LIMIT_MS, exit: (code) => process.exit(code) });
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ host: env.HOST, port: env.PORT });
