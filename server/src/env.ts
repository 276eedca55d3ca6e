// The BFF's environment, parsed once at start-up; a bad value stops the process with every problem listed.
import { isIP } from "node:net";
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
   * `true` on Cloud Run: requests come through Google's front end (directly at the run.app URL, or from Firebase
   * Hosting), and the client's address is the X-Forwarded-For entry Google appended, read from the right
   * (http/client-address.ts, docs/security.md "The client's address"). Left unset when browsers connect directly,
   * or anyone could claim any address.
   */
  TRUST_PROXY: z
    .enum(["true", "false"], { error: 'must be "true" (behind Google\'s front end) or "false"' })
    .default("false")
    .transform((value) => value === "true"),
  /**
   * The addresses Firebase Hosting reaches Cloud Run from, when they are not Google's front-end ranges (comma-separated
   * CIDR ranges). Only read with TRUST_PROXY=true.
   */
  PROXY_RANGES: z
    .string()
    .optional()
    .transform((value) =>
      value
        ?.split(",")
        .map((range) => range.trim())
        .filter((range) => range !== ""),
    )
    .refine((ranges) => ranges === undefined || ranges.every(isCidr), {
      error: "must be comma-separated address ranges such as 35.191.0.0/16,2600:2d00:1:b029::/64",
    }),
  /** The site's public address (https://boda.example.com), for absolute links in link previews. */
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be the site's address, such as https://boda.example.com" })
    .optional(),
  /**
   * A fixed "now" (an ISO instant) for the BFF's date rules, such as the answer deadline: end-to-end tests run the
   * stack on it so they give the same result on any day. Emulators only (checked below).
   */
  FIXED_NOW: z.iso
    .datetime({ offset: true, error: "must be an ISO instant such as 2027-04-20T05:41:00Z" })
    .transform((value) => new Date(value))
    .optional(),
  /** Remote Config template evaluated in emulator mode (Remote Config has no emulator). */
  REMOTE_CONFIG_TEMPLATE: z
    .string()
    .default(fileURLToPath(new URL("../../remoteconfig.template.json", import.meta.url))),
});
export type ServerEnv = z.infer<typeof ServerEnv>;

const EMULATOR_HOSTS = ["FIRESTORE_EMULATOR_HOST", "FIREBASE_AUTH_EMULATOR_HOST", "FIREBASE_DATABASE_EMULATOR_HOST"];
const WEB_APP_SETTINGS = "the Firebase console (Project settings → General → Your apps → the web app's config)";

/**
 * A production BFF on a real project (NODE_ENV=production, no emulator host): everything it needs comes from the
 * environment (the deploy command sets it on the Cloud Run service), so each setting is checked here, before
 * anything connects, instead of failing later in front of guests.
 */
const RealProjectEnv = z.object({
  FIREBASE_PROJECT_ID: z
    .string({ error: "missing: set it to the Firebase project id (Project settings → General), e.g. boda-lucia-mateo" })
    .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, {
      error: "not a project id: 6–30 lowercase letters, digits and dashes, starting with a letter",
    })
    .refine((id) => !id.startsWith("demo-"), {
      error: "demo-* projects exist only in the emulators; set the real project's id",
    }),
  FIREBASE_DATABASE_URL: z
    .string({
      error:
        "missing: set it to the Realtime Database URL shown at the top of its Data tab, e.g. https://boda-lucia-mateo-default-rtdb.europe-west1.firebasedatabase.app",
    })
    .regex(/^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*\.(firebaseio\.com|firebasedatabase\.app)\/?$/, {
      error:
        "not a Realtime Database URL: https://<name>.firebaseio.com or https://<name>.<region>.firebasedatabase.app",
    }),
  SITE_URL: z
    .string({ error: "missing: set it to the address guests open, e.g. https://boda.example.com" })
    .refine(isHttpsOrigin, {
      error: "must be the site's https address with no path, e.g. https://boda.example.com",
    }),
  FIREBASE_WEB_API_KEY: z
    .string({ error: `missing: copy apiKey from ${WEB_APP_SETTINGS}` })
    .regex(/^AIza[0-9A-Za-z_-]{35}$/, {
      error: `not a web API key (39 characters starting AIza): copy apiKey from ${WEB_APP_SETTINGS}`,
    }),
  FIREBASE_APP_ID: z
    .string()
    .regex(/^1:[0-9]+:web:[0-9a-f]+$/, {
      error: `not a web app id (1:<number>:web:<hex>): copy appId from ${WEB_APP_SETTINGS}`,
    })
    .optional(),
  FIREBASE_MESSAGING_SENDER_ID: z
    .string()
    .regex(/^[0-9]+$/, { error: `must be digits: copy messagingSenderId from ${WEB_APP_SETTINGS}` })
    .optional(),
  FIREBASE_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, { error: `not a measurement id (G-…): copy measurementId from ${WEB_APP_SETTINGS}` })
    .optional(),
  FIREBASE_VAPID_KEY: z
    .string()
    .refine(isVapidPublicKey, {
      error:
        "not a web push public key: copy the key pair's public key from Project settings → Cloud Messaging → Web Push certificates (87 characters)",
    })
    .optional(),
});

/** Every problem with the environment, one line each (`NAME: what is wrong and how to fix it`). */
export function serverEnvProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  // Empty values count as unset: a deploy that writes NAME= must not look configured.
  const given = withoutEmptyValues(env);
  const base = ServerEnv.safeParse(given);
  if (!base.success) problems.push(...base.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`));
  const emulated = EMULATOR_HOSTS.some((name) => env[name]);
  if (given.FIXED_NOW && !emulated) {
    problems.push(
      "FIXED_NOW: a fixed clock is for tests on the emulators only; unset it so answers follow the real date",
    );
  }
  const realProject = env.NODE_ENV === "production" && !emulated;
  if (realProject) {
    const real = RealProjectEnv.safeParse(given);
    if (!real.success)
      problems.push(...real.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`));
  }
  // Cloud Run sets K_SERVICE. Its requests arrive from outside the container and through Google's front end.
  if (env.K_SERVICE) {
    if (/^(127\.|localhost$|::1$)/.test(env.HOST ?? "127.0.0.1")) {
      problems.push("HOST: Cloud Run cannot reach a loopback address; set HOST=0.0.0.0 (the container image does)");
    }
    if (env.TRUST_PROXY !== "true") {
      problems.push(
        "TRUST_PROXY: on Cloud Run every request comes through Google's front end; set TRUST_PROXY=true, " +
          "or every guest shares one address in the rate limits",
      );
    }
  }
  return problems;
}

export function parseServerEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const problems = serverEnvProblems(env);
  if (problems.length > 0)
    throw new Error(`Invalid environment for the BFF:\n${problems.map((line) => `  ${line}`).join("\n")}`);
  return ServerEnv.parse(withoutEmptyValues(env));
}

function withoutEmptyValues(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
}

function isCidr(range: string): boolean {
  const [network = "", prefix] = range.split("/");
  const version = isIP(network);
  if (version === 0 || prefix === undefined || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

function isHttpsOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}

/** A VAPID public key is an uncompressed P-256 point: 65 bytes starting with 0x04, base64url without padding. */
function isVapidPublicKey(value: string): boolean {
  if (!/^[A-Za-z0-9_-]{87}$/.test(value)) return false;
  const bytes = Buffer.from(value, "base64url");
  return bytes.length === 65 && bytes[0] === 0x04;
}

/** Parses environment variables, failing with every bad or missing variable listed at once. */
export function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv, what: string): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${formatPath(issue.path)}: ${issue.message}`);
  throw new Error(`Invalid environment for ${what}:\n${problems.join("\n")}`);
}
