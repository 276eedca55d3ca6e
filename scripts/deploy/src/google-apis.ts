// The Firebase REST APIs the deploy writes through, each read first and written only if nothing changed since:
// Firestore rules (Firebase Rules API), Realtime Database rules (the database's /.settings/rules), the Remote Config
// template (If-Match on its etag), and Auth's project config (browser sign-up turned off). Origins and fetch are injectable, so tests run them against a local fake.

export interface ApiOrigins {
  rules: string;
  remoteConfig: string;
  identityToolkit: string;
}

export const GOOGLE_ORIGINS: ApiOrigins = {
  rules: "https://firebaserules.googleapis.com",
  remoteConfig: "https://firebaseremoteconfig.googleapis.com",
  identityToolkit: "https://identitytoolkit.googleapis.com",
};

export interface ApiContext {
  fetch: typeof fetch;
  accessToken: () => Promise<string>;
  origins: ApiOrigins;
}

/** A refusal from a Google API, with its status and Google's own message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    what: string,
    detail: string,
  ) {
    super(`${what} failed (HTTP ${status}): ${detail}`);
  }
}

async function call(
  context: ApiContext,
  what: string,
  url: string,
  init: RequestInit & { allow?: number[] } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${await context.accessToken()}`);
  const response = await context.fetch(url, { ...init, headers, signal: AbortSignal.timeout(60_000) });
  if (response.ok || init.allow?.includes(response.status)) return response;
  const text = await response.text();
  let detail = text.slice(0, 500);
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } | string };
    const message = typeof parsed.error === "string" ? parsed.error : parsed.error?.message;
    if (message) detail = message;
  } catch {
    // Not JSON: keep the text.
  }
  throw new ApiError(response.status, what, detail);
}

// ── Firestore rules ─────────────────────────────────────────────────────────────────────────────────────────────────

/** What the project serves today: the release `cloud.firestore` and the source of the ruleset it points to. */
export interface FirestoreRulesRelease {
  rulesetName: string;
  source: string;
}

const FIRESTORE_RELEASE = "cloud.firestore";

export async function readFirestoreRules(
  context: ApiContext,
  projectId: string,
): Promise<FirestoreRulesRelease | null> {
  const release = await call(
    context,
    "Reading the Firestore rules release",
    `${context.origins.rules}/v1/projects/${projectId}/releases/${FIRESTORE_RELEASE}`,
    { allow: [404] },
  );
  if (release.status === 404) return null;
  const { rulesetName } = (await release.json()) as { rulesetName: string };
  const ruleset = await call(
    context,
    "Reading the live Firestore ruleset",
    `${context.origins.rules}/v1/${rulesetName}`,
  );
  const { source } = (await ruleset.json()) as { source: { files: Array<{ name: string; content: string }> } };
  return { rulesetName, source: source.files.map((file) => file.content).join("\n") };
}

/**
 * Publishes `source` as the project's Firestore rules, unless the release moved since `seen` was read. The Rules API
 * has no etag: the release is read again right before it is switched, which narrows a concurrent deploy's window to
 * that last moment instead of the minutes between plan and confirmation.
 */
export async function publishFirestoreRules(
  context: ApiContext,
  projectId: string,
  source: string,
  seen: FirestoreRulesRelease | null,
): Promise<"published"> {
  const created = await call(
    context,
    "Creating the Firestore ruleset",
    `${context.origins.rules}/v1/projects/${projectId}/rulesets`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ source: { files: [{ name: "firestore.rules", content: source }] } }),
    },
  );
  const { name: rulesetName } = (await created.json()) as { name: string };
  const now = await readFirestoreRules(context, projectId);
  if ((now?.rulesetName ?? null) !== (seen?.rulesetName ?? null)) {
    throw new ConcurrentChange(
      "Firestore rules",
      `the live release moved from ${seen?.rulesetName ?? "nothing"} to ${now?.rulesetName ?? "nothing"} after the plan was made`,
    );
  }
  const releaseName = `projects/${projectId}/releases/${FIRESTORE_RELEASE}`;
  if (seen) {
    await call(context, "Switching the Firestore rules release", `${context.origins.rules}/v1/${releaseName}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ release: { name: releaseName, rulesetName } }),
    });
  } else {
    await call(
      context,
      "Creating the Firestore rules release",
      `${context.origins.rules}/v1/projects/${projectId}/releases`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: releaseName, rulesetName }),
      },
    );
  }
  return "published";
}

// ── Realtime Database rules ─────────────────────────────────────────────────────────────────────────────────────────

export interface DatabaseRules {
  text: string;
  /** The value the database's ETag header carried, when it sent one. */
  etag?: string;
}

function rulesUrl(databaseUrl: string): string {
  return `${databaseUrl.replace(/\/$/, "")}/.settings/rules.json`;
}

export async function readDatabaseRules(context: ApiContext, databaseUrl: string): Promise<DatabaseRules> {
  const response = await call(context, "Reading the Realtime Database rules", rulesUrl(databaseUrl), {
    headers: { "x-firebase-etag": "true" },
  });
  const etag = response.headers.get("etag") ?? undefined;
  return { text: await response.text(), ...(etag ? { etag } : {}) };
}

/**
 * Writes the database's rules unless they changed since `seen`: conditional on the ETag when the database sent one
 * (a 412 means someone else wrote meanwhile), and checked against a fresh read either way.
 */
export async function publishDatabaseRules(
  context: ApiContext,
  databaseUrl: string,
  text: string,
  seen: DatabaseRules,
): Promise<"published"> {
  const now = await readDatabaseRules(context, databaseUrl);
  if (normalizeJson(now.text) !== normalizeJson(seen.text)) {
    throw new ConcurrentChange("Realtime Database rules", "the live rules changed after the plan was made");
  }
  const response = await call(context, "Writing the Realtime Database rules", rulesUrl(databaseUrl), {
    method: "PUT",
    headers: { "content-type": "application/json", ...(seen.etag ? { "if-match": seen.etag } : {}) },
    body: text,
    allow: [412],
  });
  if (response.status === 412) {
    throw new ConcurrentChange("Realtime Database rules", "the database refused the write: its ETag changed");
  }
  return "published";
}

/** Rules JSON compared by meaning (the database returns them reformatted); text that is not JSON as it is. */
export function normalizeJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text.trim();
  }
}

// ── Remote Config ───────────────────────────────────────────────────────────────────────────────────────────────────

export interface RemoteConfigTemplate {
  parameters: Record<string, { defaultValue?: { value?: string }; description?: string; valueType?: string }>;
  conditions?: unknown[];
  parameterGroups?: Record<string, unknown>;
  version?: { versionNumber?: string; updateTime?: string; updateUser?: { email?: string } };
}

export interface LiveTemplate {
  template: RemoteConfigTemplate;
  etag: string;
}

function remoteConfigUrl(context: ApiContext, projectId: string): string {
  return `${context.origins.remoteConfig}/v1/projects/${projectId}/remoteConfig`;
}

export async function readRemoteConfig(context: ApiContext, projectId: string): Promise<LiveTemplate> {
  const response = await call(context, "Reading the Remote Config template", remoteConfigUrl(context, projectId));
  const etag = response.headers.get("etag");
  if (!etag) throw new Error("Remote Config answered without an ETag; nothing can be published safely.");
  return { template: (await response.json()) as RemoteConfigTemplate, etag };
}

/** Validates, then publishes with If-Match on the etag read for the plan: a 412 means someone published meanwhile. */
export async function publishRemoteConfig(
  context: ApiContext,
  projectId: string,
  template: RemoteConfigTemplate,
  etag: string,
): Promise<{ versionNumber?: string }> {
  const body = JSON.stringify({
    parameters: template.parameters,
    conditions: template.conditions ?? [],
    parameterGroups: template.parameterGroups ?? {},
  });
  const headers = { "content-type": "application/json; UTF-8", "if-match": etag };
  await call(
    context,
    "Validating the Remote Config template",
    `${remoteConfigUrl(context, projectId)}?validate_only=true`,
    {
      method: "PUT",
      headers,
      body,
      allow: [412],
    },
  ).then((response) => {
    if (response.status === 412)
      throw new ConcurrentChange("Remote Config", "someone published a template after the plan was made");
  });
  const published = await call(context, "Publishing the Remote Config template", remoteConfigUrl(context, projectId), {
    method: "PUT",
    headers,
    body,
    allow: [412],
  });
  if (published.status === 412) {
    throw new ConcurrentChange("Remote Config", "someone published a template after the plan was made");
  }
  return ((await published.json()) as RemoteConfigTemplate).version ?? {};
}

// ── Auth: sign-up from browsers ─────────────────────────────────────────────────────────────────────────────────────

/** The field of Identity Toolkit's project config (admin v2) that stops end users creating accounts themselves. */
export const DISABLED_SIGN_UP_FIELD = "client.permissions.disabledUserSignup";

function authConfigUrl(context: ApiContext, projectId: string): string {
  return `${context.origins.identityToolkit}/admin/v2/projects/${projectId}/config`;
}

interface AuthConfig {
  client?: { permissions?: { disabledUserSignup?: boolean } };
}

/** Whether browsers are already refused when they try to sign up (create an account) on the project. */
export async function readBrowserSignUpDisabled(context: ApiContext, projectId: string): Promise<boolean> {
  const response = await call(context, "Reading the Auth project config", authConfigUrl(context, projectId), {
    // The admin API bills a quota project; with user credentials it must be named, and it is this project.
    headers: { "x-goog-user-project": projectId },
  });
  return ((await response.json()) as AuthConfig).client?.permissions?.disabledUserSignup === true;
}

/**
 * Turns off sign-up from browsers: anyone holding the (public) web API key could otherwise create an account with any
 * address — the couple's included. Accounts are then made only with firebase-admin (`pnpm seed couple add`). Only that
 * one field is written (the update mask), so the rest of the Auth config stays as it is.
 */
export async function disableBrowserSignUp(context: ApiContext, projectId: string): Promise<void> {
  const response = await call(
    context,
    "Turning off sign-up from browsers",
    `${authConfigUrl(context, projectId)}?updateMask=${DISABLED_SIGN_UP_FIELD}`,
    {
      method: "PATCH",
      headers: { "content-type": "application/json", "x-goog-user-project": projectId },
      body: JSON.stringify({ client: { permissions: { disabledUserSignup: true } } } satisfies AuthConfig),
    },
  );
  if (((await response.json()) as AuthConfig).client?.permissions?.disabledUserSignup !== true) {
    throw new Error("Auth accepted the change but its config does not say sign-up is off; check it in the console");
  }
}

/** Something changed on the project between the plan and the write; the deploy stops instead of overwriting it. */
export class ConcurrentChange extends Error {
  constructor(
    readonly what: string,
    detail: string,
  ) {
    super(`${what}: ${detail}`);
  }
}
