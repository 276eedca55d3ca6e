// What a real deploy needs on this machine besides the repository: Google credentials (for the Firebase APIs and
// firebase-tools), and the Google Cloud CLI signed in (Cloud Build and Cloud Run have no other door from here).
// Each missing piece is a problem naming it and the command that fixes it.
import { spawn } from "node:child_process";
import { accessSync, constants, existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Problem } from "@boda/kit/problems";

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command; `inherit` shows its output as it goes (long builds) instead of collecting it. */
export type Runner = (
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; inherit?: boolean },
) => Promise<CommandResult>;

export const runCommand: Runner = (command, args, options) =>
  new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: options.inherit ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) => resolve({ code: 127, stdout, stderr: String(error) }));
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });

/** Where Google's libraries look for Application Default Credentials, in their order. */
export function findCredentials(env: NodeJS.ProcessEnv): { found?: string; problem?: Problem } {
  const keyFile = env.GOOGLE_APPLICATION_CREDENTIALS;
  if (keyFile) {
    if (!existsSync(keyFile)) {
      return {
        problem: {
          where: "GOOGLE_APPLICATION_CREDENTIALS",
          message: `points to ${keyFile}, which does not exist`,
          example: "GOOGLE_APPLICATION_CREDENTIALS=$HOME/keys/boda-deployer.json",
        },
      };
    }
    try {
      const key = JSON.parse(readFileSync(keyFile, "utf8")) as { type?: string; client_email?: string };
      return {
        found: `${key.type ?? "credentials"} ${key.client_email ?? ""} from GOOGLE_APPLICATION_CREDENTIALS`.trim(),
      };
    } catch {
      return { problem: { where: "GOOGLE_APPLICATION_CREDENTIALS", message: `${keyFile} is not a JSON key file` } };
    }
  }
  const configDir = env.CLOUDSDK_CONFIG ?? path.join(env.HOME ?? os.homedir(), ".config", "gcloud");
  const adc = path.join(configDir, "application_default_credentials.json");
  if (existsSync(adc)) return { found: `Application Default Credentials (${adc})` };
  return {
    problem: {
      where: "Google credentials",
      message:
        "none found: GOOGLE_APPLICATION_CREDENTIALS is not set and there is no Application Default Credentials file " +
        `(${adc}); set GOOGLE_APPLICATION_CREDENTIALS to the deployer service account's key file, or sign in`,
      example: "gcloud auth application-default login",
    },
  };
}

/** The first executable called `name` on PATH. */
export function which(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/** The Google Cloud CLI and its signed-in account, or the problem that stops Cloud Build and Cloud Run. */
export async function findGcloud(
  env: NodeJS.ProcessEnv,
  run: Runner,
): Promise<{ gcloud?: string; account?: string; problem?: Problem }> {
  const gcloud = which("gcloud", env);
  if (!gcloud) {
    return {
      problem: {
        where: "gcloud",
        message:
          "the Google Cloud CLI is not installed (or not on PATH); the container image is built by Cloud Build and " +
          "deployed to Cloud Run through it. Install it (https://cloud.google.com/sdk/docs/install), or deploy " +
          "everything else with --only firestore-rules,database-rules,remote-config,hosting",
      },
    };
  }
  const listed = await run(gcloud, ["auth", "list", "--filter=status:ACTIVE", "--format=value(account)"], {
    cwd: process.cwd(),
    env,
  });
  const account = listed.stdout.trim().split("\n")[0];
  if (listed.code !== 0 || !account) {
    return {
      gcloud,
      problem: {
        where: "gcloud",
        message: "no signed-in account",
        example: "gcloud auth login   (or: gcloud auth activate-service-account --key-file <key.json>)",
      },
    };
  }
  return { gcloud, account };
}
