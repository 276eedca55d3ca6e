// The BFF's environment, parsed once at start-up; a bad value stops the process with every problem listed.
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { formatPath } from "./contract/issues";

const ServerEnv = z.object({
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Built web app to serve on the same origin (production). Unset in development: Vite serves it. */
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Set behind a proxy (Firebase Hosting → Cloud Run: `true`) so rate limits see the guest's address from
   * X-Forwarded-For; left unset when browsers connect directly, or anyone could claim any address.
   */
  TRUST_PROXY: z
    .enum(["true", "false"], { error: 'must be "true" (behind a proxy) or "false"' })
    .default("false")
    .transform((value) => value === "true"),
  /** The site's public address (https://boda.example.com), for absolute links in link previews. */
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be the site's address, such as https://boda.example.com" })
    .optional(),
  /** Remote Config template evaluated in emulator mode (Remote Config has no emulator). */
  REMOTE_CONFIG_TEMPLATE: z
    .string()
    .default(fileURLToPath(new URL("../../remoteconfig.template.json", import.meta.url))),
});
export type ServerEnv = z.infer<typeof ServerEnv>;

export function parseServerEnv(env: NodeJS.ProcessEnv): ServerEnv {
  return parseEnv(ServerEnv, env, "the BFF");
}

/** Parses environment variables, failing with every bad or missing variable listed at once. */
export function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv, what: string): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${formatPath(issue.path)}: ${issue.message}`);
  throw new Error(`Invalid environment for ${what}:\n${problems.join("\n")}`);
}
