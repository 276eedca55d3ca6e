// What a seed command may touch besides Firebase: where it prints, the caller's directory, the environment and
// the clock. Passed in (never read from globals) so tests run commands in-process and read what they printed.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { CommandError } from "./problems";
import { REPO_ROOT } from "./repo";

export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** The directory the person ran `pnpm seed` from; relative file arguments start here. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  now(): Date;
}

export function processIo(): Io {
  // `pnpm seed rsvp status | head` closes the pipe early: that is the reader being done, not a failure.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    // `pnpm seed` runs this file from scripts/seed/; pnpm records where the person actually was in INIT_CWD.
    cwd: process.env.INIT_CWD ?? process.cwd(),
    env: process.env,
    now: () => clockFromEnv(process.env),
  };
}

/**
 * "Now" for the date checks: the real clock, or SEED_NOW (an ISO instant) for demos and tests that publish the
 * example wedding, whose date must not turn into "in the past" and break `pnpm start` once it has gone by.
 */
export function clockFromEnv(env: NodeJS.ProcessEnv): Date {
  if (!env.SEED_NOW) return new Date();
  const fixed = new Date(env.SEED_NOW);
  if (Number.isNaN(fixed.getTime())) {
    throw new Error(`SEED_NOW is "${env.SEED_NOW}"; it must be an ISO instant such as 2027-01-01T00:00:00Z.`);
  }
  return fixed;
}

/** Resolves a file argument against the caller's directory, then against the repository root. */
export function resolveUserPath(io: Io, file: string, exists: (candidate: string) => boolean): string {
  const fromCaller = path.resolve(io.cwd, file);
  if (path.isAbsolute(file) || exists(fromCaller)) return fromCaller;
  const fromRoot = path.resolve(REPO_ROOT, file);
  return exists(fromRoot) ? fromRoot : fromCaller;
}

/** Reads a file the couple pointed at; a missing or unreadable one is a CommandError naming it and what right looks like. */
export async function readInputFile(file: string, failure: { summary: string; example: string }): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch {
    throw new CommandError(failure.summary, [
      { where: file, message: "the file does not exist or cannot be read", example: failure.example },
    ]);
  }
}
