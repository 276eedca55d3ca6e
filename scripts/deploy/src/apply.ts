// Carries out a confirmed plan, one step at a time in a fixed order — browser sign-up off, rules, Remote Config, the Cloud Run revision,
// then Hosting — each written only if the project still is what the plan showed. The first refusal stops the deploy
// and says what was done and what was not.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Io } from "@boda/kit/io";
import { CommandError, type Problem } from "@boda/kit/problems";
import { REPO_ROOT } from "@boda/kit/repo";
import { stringify } from "yaml";
import {
  type ApiContext,
  ApiError,
  ConcurrentChange,
  disableBrowserSignUp,
  publishDatabaseRules,
  publishFirestoreRules,
  publishRemoteConfig,
} from "./google-apis";
import type { LiveState, LocalFiles, Plan, StepId } from "./plan";
import { STEP_TITLES } from "./plan";
import { describeService } from "./project-state";
import { serviceYaml } from "./service-spec";
import { ARTIFACT_REPOSITORY, type DeploySettings } from "./settings";
import type { Runner } from "./tooling";

export interface ApplyInput {
  io: Io;
  settings: DeploySettings;
  local: LocalFiles;
  live: LiveState;
  plan: Plan;
  only: readonly StepId[];
  api: ApiContext;
  gcloud?: string;
  run: Runner;
  fetch: typeof fetch;
}

export async function applyPlan(input: ApplyInput): Promise<void> {
  const { io, settings, plan } = input;
  const done: string[] = [];
  const steps = plan.steps.filter((step) => input.only.includes(step.id) && step.changes !== false);
  for (const step of steps) {
    io.out(`\n→ ${STEP_TITLES[step.id]}`);
    try {
      io.out(`  ${await applyStep(step.id, input)}`);
      done.push(STEP_TITLES[step.id]);
    } catch (error) {
      const left = steps.slice(steps.indexOf(step)).map((later) => STEP_TITLES[later.id]);
      throw stopped(error, done, left, settings.projectId);
    }
  }
  if (steps.length === 0) io.out("\nNothing to deploy: the project already runs what the repository holds.");
  if (input.only.includes("hosting") || input.only.includes("cloud-run")) await verifySite(input);
}

function stopped(error: unknown, done: string[], left: string[], projectId: string): CommandError {
  const problems: Problem[] = [
    { where: "done", message: done.length > 0 ? done.join("; ") : "nothing" },
    { where: "not done", message: left.join("; ") },
  ];
  if (error instanceof ConcurrentChange) {
    return new CommandError(
      `Stopped: ${error.message}. Nothing was overwritten; run \`pnpm run deploy --project ${projectId}\` again to see the new plan.`,
      problems,
    );
  }
  const reason = error instanceof ApiError ? error.message : (error as Error).message;
  return new CommandError(`Stopped: ${reason}`, problems);
}

async function applyStep(id: StepId, input: ApplyInput): Promise<string> {
  const { settings, local, live, api } = input;
  switch (id) {
    case "auth-sign-up":
      await disableBrowserSignUp(api, settings.projectId);
      return "browsers can no longer create accounts";
    case "firestore-rules":
      await publishFirestoreRules(api, settings.projectId, local.firestoreRules, live.firestoreRules ?? null);
      return "published";
    case "database-rules":
      if (!live.databaseRules) throw new Error("the live Realtime Database rules were not read");
      await publishDatabaseRules(
        api,
        settings.containerEnv.FIREBASE_DATABASE_URL ?? "",
        local.databaseRules,
        live.databaseRules,
      );
      return "published";
    case "remote-config": {
      if (!live.remoteConfig) throw new Error("the live Remote Config template was not read");
      const version = await publishRemoteConfig(
        api,
        settings.projectId,
        input.plan.remoteConfig.template,
        live.remoteConfig.etag,
      );
      return `published as version ${version.versionNumber ?? "?"}`;
    }
    case "cloud-run":
      return deployCloudRun(input);
    case "hosting":
      return deployHosting(input);
  }
}

async function gcloudOrFail(input: ApplyInput, args: string[], what: string): Promise<void> {
  const gcloud = input.gcloud;
  if (!gcloud) throw new Error("gcloud is needed for Cloud Build and Cloud Run");
  const result = await input.run(gcloud, [...args, `--project=${input.settings.projectId}`], {
    cwd: REPO_ROOT,
    env: input.io.env,
    inherit: true,
  });
  if (result.code !== 0) throw new Error(`${what} failed (gcloud exited with ${result.code}; its output is above)`);
}

async function deployCloudRun(input: ApplyInput): Promise<string> {
  const { settings } = input;
  // The service must still be what the plan showed: another deploy in between would otherwise be replaced unseen.
  const now = input.gcloud ? await describeService(settings, input.gcloud, input.run, input.io.env) : undefined;
  if ((now?.image ?? null) !== (input.live.service?.image ?? null)) {
    throw new ConcurrentChange(
      "Cloud Run",
      `the service now runs ${now?.image ?? "nothing"}, not ${input.live.service?.image ?? "nothing"} as planned`,
    );
  }
  const work = mkdtempSync(path.join(tmpdir(), "boda-deploy-"));
  const buildConfig = path.join(work, "cloudbuild.yaml");
  writeFileSync(
    buildConfig,
    stringify({
      steps: [
        {
          name: "gcr.io/cloud-builders/docker",
          // The same version names the page in the image and the assets uploaded to Hosting from this machine.
          args: ["build", "--build-arg", `APP_VERSION=${settings.version}`, "--tag", settings.image, "."],
        },
      ],
      images: [settings.image],
    }),
  );
  const specFile = path.join(work, "service.yaml");
  writeFileSync(specFile, serviceYaml(settings));
  await gcloudOrFail(
    input,
    ["builds", "submit", REPO_ROOT, `--config=${buildConfig}`, `--ignore-file=.dockerignore`],
    `Building ${settings.image} on Cloud Build (Artifact Registry repository "${ARTIFACT_REPOSITORY}" in ${settings.region})`,
  );
  await gcloudOrFail(
    input,
    ["run", "services", "replace", specFile, `--region=${settings.region}`],
    "Deploying the revision",
  );
  // Hosting reaches the service as an anonymous caller: the service must allow everyone to invoke it.
  await gcloudOrFail(
    input,
    [
      "run",
      "services",
      "add-iam-policy-binding",
      settings.serviceId,
      `--region=${settings.region}`,
      "--member=allUsers",
      "--role=roles/run.invoker",
      "--quiet",
    ],
    "Opening the service to Hosting",
  );
  return `revision of ${settings.image} serving`;
}

async function deployHosting(input: ApplyInput): Promise<string> {
  const firebase = createRequire(import.meta.url).resolve("firebase-tools/lib/bin/firebase.js");
  const result = await input.run(
    process.execPath,
    [
      firebase,
      "deploy",
      "--only",
      "hosting",
      "--project",
      input.settings.projectId,
      "--non-interactive",
      "--message",
      `boda ${input.settings.version}`,
    ],
    { cwd: REPO_ROOT, env: input.io.env, inherit: true },
  );
  if (result.code !== 0)
    throw new Error(`firebase deploy --only hosting exited with ${result.code} (its output is above)`);
  return "released";
}

/** Through the site's address, as a guest: the page, one of its assets, the content, and the live stream. */
async function verifySite(input: ApplyInput): Promise<void> {
  const site = input.settings.containerEnv.SITE_URL?.replace(/\/$/, "");
  if (!site) return;
  const { io } = input;
  io.out(`\nChecking ${site} as a guest would:`);
  const check = async (what: string, test: () => Promise<string>) => {
    try {
      io.out(`  ✓ ${what}: ${await test()}`);
    } catch (error) {
      io.out(`  ✗ ${what}: ${(error as Error).message}`);
    }
  };
  const get = (url: string) => input.fetch(url, { signal: AbortSignal.timeout(30_000) });
  await check("the page", async () => {
    const page = await get(`${site}/`);
    const html = await page.text();
    const asset = /(?:src|href)="\.?\/?(assets\/[^"]+)"/.exec(html)?.[1];
    if (!page.ok || !asset) throw new Error(`HTTP ${page.status}${asset ? "" : ", no asset referenced"}`);
    const script = await get(`${site}/${asset}`);
    if (!script.ok) throw new Error(`${asset}: HTTP ${script.status}`);
    return `HTTP ${page.status}; ${asset} ${script.headers.get("cache-control")}`;
  });
  await check("the content", async () => {
    const content = await get(`${site}/trpc/site.content`);
    if (!content.ok) throw new Error(`HTTP ${content.status}`);
    return `HTTP ${content.status}`;
  });
  await check("the live stream", async () => {
    const stream = await input.fetch(`${site}/trpc/live.feed`, {
      headers: { accept: "text/event-stream" },
      signal: AbortSignal.timeout(15_000),
    });
    const reader = stream.body?.getReader();
    let text = "";
    try {
      while (reader && !text.includes("snapshot")) {
        const { done, value } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    } catch {
      throw new Error(
        "no snapshot within 15 s: Hosting may be holding streamed answers back (docs/deploy.md, 'The live stream behind Hosting')",
      );
    } finally {
      await reader?.cancel().catch(() => {});
    }
    if (!text.includes("snapshot")) throw new Error(`the stream ended without a snapshot (HTTP ${stream.status})`);
    return "the first snapshot arrived";
  });
}
