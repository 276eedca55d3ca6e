// What a deploy needs to know before it plans anything: the project, where the Cloud Run service lives (read from
// firebase.json, so Hosting and the deploy always name the same service), and the container's configuration,
// checked with the very rules the BFF applies at start-up.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import type { Io } from "@boda/kit/io";
import type { Problem } from "@boda/kit/problems";
import { REPO_ROOT } from "@boda/kit/repo";
import { serverEnvProblems } from "@boda/server/env";

/** The settings the container needs from the couple, one line each in the plan. */
export const CONTAINER_SETTINGS = [
  "FIREBASE_DATABASE_URL",
  "SITE_URL",
  "FIREBASE_WEB_API_KEY",
  "FIREBASE_AUTH_DOMAIN",
  "FIREBASE_APP_ID",
  "FIREBASE_MESSAGING_SENDER_ID",
  "FIREBASE_MEASUREMENT_ID",
  "FIREBASE_VAPID_KEY",
] as const;

/** What the Dockerfile already sets; repeated here only to check the whole environment the way the BFF will. */
const IMAGE_ENV = { NODE_ENV: "production", HOST: "0.0.0.0", PORT: "8080", TRUST_PROXY: "true" };

export interface Scaling {
  minInstances: number;
  maxInstances: number;
  /** Requests one instance takes at once; every open page holds one (its live stream). */
  concurrency: number;
  cpu: string;
  memoryMiB: number;
}

/**
 * The service's shape. Concurrency 250: an open page's live stream costs ~6 KiB and no CPU, and one instance answers
 * the content query in ~0.45 ms of CPU (docs/deploy.md, "Scale"), so CPU, not the count of open pages, is the limit.
 */
export const DEFAULT_SCALING: Scaling = {
  minInstances: 0,
  maxInstances: 10,
  concurrency: 250,
  cpu: "1",
  memoryMiB: 512,
};

export interface DeploySettings {
  projectId: string;
  region: string;
  serviceId: string;
  /** The runtime identity: a service account with only the roles docs/deploy.md lists. */
  serviceAccount: string;
  /** Artifact Registry repository the images go to. */
  image: string;
  /** The commit being deployed (with `-dirty` when the working tree has uncommitted changes). */
  version: string;
  dirty: boolean;
  /** The container's environment on Cloud Run (the image adds NODE_ENV, HOST, PORT, TRUST_PROXY, WEB_DIST_DIR). */
  containerEnv: Record<string, string>;
  /** Where each setting came from, for the plan. */
  sources: Record<string, string>;
  scaling: Scaling;
}

export const ARTIFACT_REPOSITORY = "boda";

interface HostingRewrite {
  source?: string;
  run?: { serviceId?: string; region?: string };
}

/** The Cloud Run service firebase.json's Hosting sends every path to. */
export function hostingRunTarget(configFile = path.join(REPO_ROOT, "firebase.json")): {
  serviceId: string;
  region: string;
} {
  const config = JSON.parse(readFileSync(configFile, "utf8")) as { hosting?: { rewrites?: HostingRewrite[] } };
  const rewrite = config.hosting?.rewrites?.find((candidate) => candidate.source === "**" && candidate.run);
  if (!rewrite?.run?.serviceId) {
    throw new Error(`${path.basename(configFile)} has no Hosting rewrite of "**" to a Cloud Run service.`);
  }
  return { serviceId: rewrite.run.serviceId, region: rewrite.run.region ?? "us-central1" };
}

/** The commit being deployed, from git; `-dirty` marks uncommitted changes (they are uploaded and built too). */
export function gitVersion(): { version: string; dirty: boolean } {
  try {
    const git = (args: string[]) => execFileSync("git", args, { cwd: REPO_ROOT, encoding: "utf8" }).trim();
    const commit = git(["rev-parse", "--short=12", "HEAD"]);
    const dirty = git(["status", "--porcelain", "--untracked-files=no"]) !== "";
    return { version: dirty ? `${commit}-dirty` : commit, dirty };
  } catch {
    return { version: "unversioned", dirty: true };
  }
}

export interface SettingsInput {
  projectId: string;
  envFile?: string;
  scaling: Scaling;
}

/**
 * The deploy's settings and every problem with them (a real deploy refuses while any is left; a dry run lists them).
 * Values come from --env-file, then from the environment, which wins.
 */
export function readSettings(io: Io, input: SettingsInput): { settings: DeploySettings; problems: Problem[] } {
  const problems: Problem[] = [];
  const fromFile: Record<string, string> = {};
  if (input.envFile) {
    const file = path.resolve(io.cwd, input.envFile);
    if (existsSync(file)) Object.assign(fromFile, parseEnv(readFileSync(file, "utf8")));
    else problems.push({ where: `--env-file ${input.envFile}`, message: `${file} does not exist` });
  }
  const containerEnv: Record<string, string> = { FIREBASE_PROJECT_ID: input.projectId };
  const sources: Record<string, string> = { FIREBASE_PROJECT_ID: "--project" };
  for (const name of CONTAINER_SETTINGS) {
    const value = io.env[name] || fromFile[name];
    if (!value) continue;
    containerEnv[name] = value;
    sources[name] = io.env[name] ? "environment" : (input.envFile ?? "");
  }
  // The heap stops short of the memory limit, leaving room for Node itself and open connections; otherwise V8 grows
  // its heap lazily up to a limit it takes from the machine, not the container, and Cloud Run stops the instance.
  containerEnv.NODE_OPTIONS = `--max-old-space-size=${Math.floor(input.scaling.memoryMiB * 0.625)}`;

  const { serviceId, region } = hostingRunTarget();
  // The privacy notice tells guests where their answers are handled (server/src/config/web-config.ts).
  containerEnv.SERVICE_REGION = region;
  sources.SERVICE_REGION = "firebase.json";
  for (const line of serverEnvProblems({ ...IMAGE_ENV, ...containerEnv, K_SERVICE: serviceId })) {
    const [name = "", ...rest] = line.split(": ");
    problems.push({
      where: name,
      message: rest.join(": "),
      example: `${name}=… in the --env-file, or exported in the environment`,
    });
  }
  const git = gitVersion();
  // A dirty tree gets a tag of its own each time, so two builds of different uncommitted states never share one.
  const stamp = io.now().toISOString().replace(/\D/g, "").slice(0, 14);
  const version = git.dirty ? `${git.version}-${stamp}` : git.version;
  const dirty = git.dirty;
  return {
    settings: {
      projectId: input.projectId,
      region,
      serviceId,
      serviceAccount: `${serviceId}@${input.projectId}.iam.gserviceaccount.com`,
      image: `${region}-docker.pkg.dev/${input.projectId}/${ARTIFACT_REPOSITORY}/${serviceId}:${version}`,
      version,
      dirty,
      containerEnv,
      sources,
      scaling: input.scaling,
    },
    problems,
  };
}
