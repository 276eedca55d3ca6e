// Reads what the project runs now, for the plan's diffs and the writes' preconditions. Read-only: the Firebase APIs'
// GETs and `gcloud run services describe`. Each part that cannot be read is named with the reason.
import {
  type ApiContext,
  readBrowserSignUpDisabled,
  readDatabaseRules,
  readFirestoreRules,
  readRemoteConfig,
} from "./google-apis";
import type { LiveState, StepId } from "./plan";
import type { DeploySettings } from "./settings";
import type { Runner } from "./tooling";

export interface ServiceState {
  image: string;
  env: Record<string, string>;
}

/** The Cloud Run service's image and environment, or null when it does not exist yet. */
export async function describeService(
  settings: DeploySettings,
  gcloud: string,
  run: Runner,
  env: NodeJS.ProcessEnv,
): Promise<ServiceState | null> {
  const result = await run(
    gcloud,
    [
      "run",
      "services",
      "describe",
      settings.serviceId,
      `--region=${settings.region}`,
      `--project=${settings.projectId}`,
      "--format=json",
    ],
    { cwd: process.cwd(), env },
  );
  if (result.code !== 0) {
    if (/could not be found|cannot find service|not found/i.test(result.stderr)) return null;
    throw new Error(`gcloud run services describe failed: ${result.stderr.trim()}`);
  }
  const service = JSON.parse(result.stdout) as {
    spec?: {
      template?: { spec?: { containers?: Array<{ image?: string; env?: Array<{ name: string; value?: string }> }> } };
    };
  };
  const container = service.spec?.template?.spec?.containers?.[0];
  return {
    image: container?.image ?? "",
    env: Object.fromEntries((container?.env ?? []).map((variable) => [variable.name, variable.value ?? ""])),
  };
}

export async function readProjectState(input: {
  settings: DeploySettings;
  only: readonly StepId[];
  api?: ApiContext;
  gcloud?: string;
  run: Runner;
  env: NodeJS.ProcessEnv;
}): Promise<LiveState> {
  const { settings, only, api } = input;
  const live: LiveState = { unread: [] };
  const attempt = async (step: StepId, what: string, read: () => Promise<void>) => {
    if (!only.includes(step)) return;
    try {
      await read();
    } catch (error) {
      live.unread.push({ step, reason: `${what}: ${(error as Error).message}` });
    }
  };
  const withApi = (read: (context: ApiContext) => Promise<void>) => async () => {
    if (!api) throw new Error("no Google credentials, so nothing was read to compare");
    await read(api);
  };
  await attempt(
    "auth-sign-up",
    "Auth's project config",
    withApi(async (context) => {
      live.browserSignUpDisabled = await readBrowserSignUpDisabled(context, settings.projectId);
    }),
  );
  await attempt(
    "firestore-rules",
    "Firestore rules",
    withApi(async (context) => {
      live.firestoreRules = await readFirestoreRules(context, settings.projectId);
    }),
  );
  await attempt(
    "database-rules",
    "Realtime Database rules",
    withApi(async (context) => {
      const databaseUrl = settings.containerEnv.FIREBASE_DATABASE_URL;
      if (!databaseUrl) throw new Error("FIREBASE_DATABASE_URL is not set, so the database is unknown");
      live.databaseRules = await readDatabaseRules(context, databaseUrl);
    }),
  );
  await attempt(
    "remote-config",
    "Remote Config",
    withApi(async (context) => {
      live.remoteConfig = await readRemoteConfig(context, settings.projectId);
    }),
  );
  await attempt("cloud-run", "the Cloud Run service", async () => {
    if (!input.gcloud || !api) throw new Error("gcloud or credentials missing, so it was not described");
    live.service = await describeService(settings, input.gcloud, input.run, input.env);
  });
  return live;
}
