// Where official emulator JARs are found: a path named by an environment variable, or firebase-tools' own cache
// (filled by `firebase setup:emulators:*` on a machine with internet access).
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

/** The JAR an environment variable points at; a wrong path is an error, not a silent fallback. */
export function jarFromEnv(variable: string, env: NodeJS.ProcessEnv): string | undefined {
  const value = env[variable];
  if (!value) return undefined;
  const jar = path.resolve(value);
  if (!existsSync(jar)) throw new Error(`${variable} points at ${jar}, which does not exist.`);
  return jar;
}

/** The newest `<prefix>-v<version>.jar` in firebase-tools' emulator cache, if any. */
export function newestCachedJar(prefix: string, home = homedir()): string | undefined {
  const cache = path.join(home, ".cache", "firebase", "emulators");
  if (!existsSync(cache)) return undefined;
  const pattern = new RegExp(`^${prefix}-v[\\d.]+\\.jar$`);
  const newest = readdirSync(cache)
    .filter((name) => pattern.test(name))
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }))
    .at(-1);
  return newest ? path.join(cache, newest) : undefined;
}

export const FIREBASE_TOOLS_CACHE = "firebase-tools' emulator cache";
