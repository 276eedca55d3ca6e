// The BFF's environment, parsed once at start-up; a bad value stops the process with every problem listed.
import { z } from "zod";
import { formatPath } from "./contract/issues";

const ServerEnv = z.object({
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Built web app to serve on the same origin (production). Unset in development: Vite serves it. */
  WEB_DIST_DIR: z.string().optional(),
});
export type ServerEnv = z.infer<typeof ServerEnv>;

export function parseServerEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const result = ServerEnv.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${formatPath(issue.path)}: ${issue.message}`);
  throw new Error(`Invalid environment for the BFF:\n${problems.join("\n")}`);
}
