// The deploy's plan: what each step would change on the project, from the repository's files and — with
// credentials — what the project runs now. Pure once its inputs are read; printed before anything is touched.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { REPO_ROOT } from "@boda/kit/repo";
import type { DatabaseRules, FirestoreRulesRelease, LiveTemplate, RemoteConfigTemplate } from "./google-apis";
import { normalizeJson } from "./google-apis";
import { mergeTemplate, type TemplateMerge } from "./remote-config-merge";
import { serviceYaml } from "./service-spec";
import { CONTAINER_SETTINGS, type DeploySettings } from "./settings";
import { lineDiff } from "./text-diff";

export const STEPS = [
  "auth-sign-up",
  "firestore-rules",
  "database-rules",
  "remote-config",
  "cloud-run",
  "hosting",
] as const;
export type StepId = (typeof STEPS)[number];

export const STEP_TITLES: Record<StepId, string> = {
  "auth-sign-up": "Sign-up from browsers off (Firebase Auth; only `pnpm seed couple add` makes accounts)",
  "firestore-rules": "Firestore rules (firestore.rules)",
  "database-rules": "Realtime Database rules (database.rules.json)",
  "remote-config": "Remote Config template (remoteconfig.template.json)",
  "cloud-run": "Cloud Run revision (the BFF's container image)",
  hosting: "Hosting (hashed assets to the CDN; every path to Cloud Run)",
};

export interface LocalFiles {
  firestoreRules: string;
  databaseRules: string;
  remoteConfig: RemoteConfigTemplate;
  webDist: string;
  /** Files Hosting would upload, from firebase.json's `hosting.ignore` (empty when web/ is not built yet). */
  hostingFiles: string[];
  hosting: { public: string; ignore: string[] };
}

/** The project as it is now; a field is absent when it could not be read (the reason is in `unread`). */
export interface LiveState {
  /** Whether Auth already refuses sign-up from browsers (`client.permissions.disabledUserSignup`). */
  browserSignUpDisabled?: boolean;
  firestoreRules?: FirestoreRulesRelease | null;
  databaseRules?: DatabaseRules;
  remoteConfig?: LiveTemplate;
  /** The service's current image and environment; null when it does not exist yet. */
  service?: { image: string; env: Record<string, string> } | null;
  /** What could not be read, per step, and why. */
  unread: Array<{ step: StepId; reason: string }>;
}

export interface PlannedStep {
  id: StepId;
  /** Whether it would change the project: false skips it, "unknown" when the live state could not be read. */
  changes: boolean | "unknown";
  lines: string[];
}

export interface Plan {
  steps: PlannedStep[];
  remoteConfig: TemplateMerge;
  serviceYaml: string;
}

export function readLocalFiles(root = REPO_ROOT): LocalFiles {
  const config = JSON.parse(readFileSync(path.join(root, "firebase.json"), "utf8")) as {
    firestore: { rules: string };
    database: { rules: string };
    remoteconfig: { template: string };
    hosting: { public: string; ignore: string[] };
  };
  const read = (file: string) => readFileSync(path.join(root, file), "utf8");
  const webDist = path.join(root, config.hosting.public);
  return {
    firestoreRules: read(config.firestore.rules),
    databaseRules: read(config.database.rules),
    remoteConfig: JSON.parse(read(config.remoteconfig.template)) as RemoteConfigTemplate,
    webDist,
    hostingFiles: existsSync(webDist) ? hostingUploads(webDist, config.hosting.ignore) : [],
    hosting: config.hosting,
  };
}

/** What `firebase deploy --only hosting` uploads from `dir`, listed by firebase-tools' own function. */
export function hostingUploads(dir: string, ignore: string[]): string[] {
  const require = createRequire(import.meta.url);
  const { listFiles } = require("firebase-tools/lib/listFiles.js") as {
    listFiles: (cwd: string, ignore: string[]) => string[];
  };
  return listFiles(dir, ignore).toSorted();
}

function rulesStep(id: StepId, local: string, live: string | undefined, known: boolean, same: boolean): PlannedStep {
  if (!known)
    return {
      id,
      changes: "unknown",
      lines: ["would publish the repository's file; the live rules could not be read to compare"],
    };
  if (live === undefined) return { id, changes: true, lines: ["none published yet: publish the repository's file"] };
  if (same) return { id, changes: false, lines: ["unchanged: the live rules are the repository's"] };
  return { id, changes: true, lines: ["live → repository:", ...lineDiff(live, local).map((line) => `  ${line}`)] };
}

export function buildPlan(settings: DeploySettings, local: LocalFiles, live: LiveState): Plan {
  const steps: PlannedStep[] = [];

  // First: while sign-up is open, anyone with the public API key can make an account with the couple's address.
  steps.push(
    live.browserSignUpDisabled === undefined
      ? {
          id: "auth-sign-up",
          changes: "unknown",
          lines: ["would turn off sign-up from browsers; whether it is off already could not be read"],
        }
      : live.browserSignUpDisabled
        ? { id: "auth-sign-up", changes: false, lines: ["unchanged: browsers already cannot create accounts"] }
        : {
            id: "auth-sign-up",
            changes: true,
            lines: [
              "sign-up from browsers is ON: anyone with the site's public API key can create an account",
              "turn it off (client.permissions.disabledUserSignup = true); the couple's accounts come from `pnpm seed couple add`",
            ],
          },
  );

  steps.push(
    rulesStep(
      "firestore-rules",
      local.firestoreRules,
      live.firestoreRules?.source,
      live.firestoreRules !== undefined,
      live.firestoreRules?.source.trim() === local.firestoreRules.trim(),
    ),
  );
  steps.push(
    rulesStep(
      "database-rules",
      prettyJson(local.databaseRules),
      live.databaseRules && prettyJson(live.databaseRules.text),
      live.databaseRules !== undefined,
      live.databaseRules !== undefined && normalizeJson(live.databaseRules.text) === normalizeJson(local.databaseRules),
    ),
  );
  if (live.databaseRules) {
    steps
      .find((step) => step.id === "database-rules")
      ?.lines.push(
        live.databaseRules.etag
          ? "the write is conditional on the rules' ETag"
          : "the database sent no ETag: the rules are read again just before the write",
      );
  }

  const merge = mergeTemplate(local.remoteConfig, live.remoteConfig?.template);
  const rc: string[] = [];
  if (!live.remoteConfig)
    rc.push("the live template could not be read; on the first deploy the repository's file is published as is");
  else {
    const version = live.remoteConfig.template.version;
    rc.push(
      `live: version ${version?.versionNumber ?? "?"}${version?.updateUser?.email ? ` by ${version.updateUser.email}` : ""}, etag ${live.remoteConfig.etag}`,
    );
    rc.push(...(merge.changes.length > 0 ? merge.changes.map((change) => `  ${change}`) : ["  unchanged"]));
    if (merge.kept.length > 0)
      rc.push(
        "values kept as set on the project (change them with `pnpm seed --project … config set`):",
        ...merge.kept.map((line) => `  ${line}`),
      );
    rc.push("published with If-Match on that etag: if anyone publishes meanwhile, the deploy stops");
  }
  steps.push({ id: "remote-config", changes: live.remoteConfig ? merge.changes.length > 0 : "unknown", lines: rc });

  const yaml = serviceYaml(settings);
  const run: string[] = [
    `service ${settings.serviceId} in ${settings.region}, run as ${settings.serviceAccount}`,
    `image ${settings.image}${settings.dirty ? " (UNCOMMITTED changes in the working tree are built too)" : ""}`,
    `  built by Cloud Build from this directory (Dockerfile; .dockerignore decides what is uploaded)`,
    `scaling: ${settings.scaling.minInstances}–${settings.scaling.maxInstances} instances, ${settings.scaling.concurrency} requests each, ${settings.scaling.cpu} vCPU, ${settings.scaling.memoryMiB} MiB`,
    "environment:",
    ...["FIREBASE_PROJECT_ID", ...CONTAINER_SETTINGS, "SERVICE_REGION", "NODE_OPTIONS"].map((name) => {
      const value = settings.containerEnv[name];
      const source = settings.sources[name] ? ` (${settings.sources[name]})` : "";
      return `  ${name.padEnd(29)} ${value === undefined ? "(not set)" : `${value}${source}`}`;
    }),
  ];
  let runChanges: boolean | "unknown" = "unknown";
  if (live.service === null) {
    runChanges = true;
    run.push("the service does not exist yet: it is created, and opened to everyone (Hosting needs that)");
  } else if (live.service) {
    const envChanges = diffEnv(live.service.env, settings.containerEnv);
    runChanges = live.service.image !== settings.image || envChanges.length > 0;
    run.push(`live image ${live.service.image}${live.service.image === settings.image ? " (the same)" : ""}`);
    run.push(
      ...(envChanges.length > 0
        ? ["environment changes:", ...envChanges.map((line) => `  ${line}`)]
        : ["environment unchanged"]),
    );
  }
  steps.push({ id: "cloud-run", changes: runChanges, lines: run });

  const hosting = [
    local.hostingFiles.length > 0
      ? `uploads ${local.hostingFiles.length} files from ${path.relative(REPO_ROOT, local.webDist)} (only assets/**; firebase-tools skips files already there)`
      : `${path.relative(REPO_ROOT, local.webDist)} is not built yet: the deploy builds it first`,
    `rewrites every path to Cloud Run ${settings.serviceId} (${settings.region}); /assets/** cached for a year`,
    "released after the Cloud Run revision, so the site's page always comes from the new revision",
  ];
  steps.push({ id: "hosting", changes: true, lines: hosting });

  return { steps, remoteConfig: merge, serviceYaml: yaml };
}

/** JSON laid out one way on both sides, so the diff shows what changed rather than how the database formats it. */
function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function diffEnv(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].toSorted();
  return names.flatMap((name) => {
    if (before[name] === after[name]) return [];
    if (before[name] === undefined) return [`+ ${name}=${after[name]}`];
    if (after[name] === undefined) return [`- ${name}`];
    return [`~ ${name}: ${before[name]} → ${after[name]}`];
  });
}

export function formatPlan(plan: Plan, only: readonly StepId[]): string[] {
  const lines: string[] = [];
  plan.steps.forEach((step, index) => {
    const skipped = !only.includes(step.id);
    const state = skipped
      ? "not asked for (--only)"
      : step.changes === false
        ? "no change"
        : step.changes === "unknown"
          ? "not compared (deployed as is)"
          : "will change";
    lines.push("", `${index + 1}. ${STEP_TITLES[step.id]} — ${state}`);
    if (!skipped) lines.push(...step.lines.map((line) => `   ${line}`));
  });
  return lines;
}
