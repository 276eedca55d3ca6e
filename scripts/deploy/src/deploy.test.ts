// The deploy command run in-process as the couple would type it: its refusals (no project, a demo project, no
// credentials, emulator variables), its dry run, and — against a fake of the Firebase APIs, never a real project —
// the etag-guarded writes that stop instead of overwriting a concurrent change.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Io } from "@boda/kit/io";
import { REPO_ROOT } from "@boda/kit/repo";
import { describe, expect, it } from "vitest";
import { type DeployDependencies, runDeploy } from "./cli";
import type { CommandResult } from "./tooling";

const PROJECT = "boda-lucia-mateo";
const DATABASE_URL = "https://boda-lucia-mateo-default-rtdb.europe-west1.firebasedatabase.app";
const SETTINGS = [
  `FIREBASE_DATABASE_URL=${DATABASE_URL}`,
  "SITE_URL=https://boda.example.com",
  `FIREBASE_WEB_API_KEY=AIza${"x".repeat(35)}`,
].join("\n");

/** A home with nothing in it: no gcloud sign-in, no Application Default Credentials. */
function emptyHome(): string {
  return mkdtempSync(path.join(tmpdir(), "deploy-home-"));
}

interface Run {
  code: number;
  out: string;
  err: string;
}

async function deploy(args: string[], env: NodeJS.ProcessEnv, deps: Partial<DeployDependencies> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    cwd: REPO_ROOT,
    env,
    now: () => new Date("2027-05-20T10:00:00Z"),
  };
  const untouchable = (what: string) => () => {
    throw new Error(`the deploy used ${what}, which this test does not allow`);
  };
  const code = await runDeploy(args, io, () => ({
    fetch: untouchable("the network") as unknown as typeof fetch,
    accessToken: untouchable("credentials"),
    run: untouchable("a child process"),
    ask: untouchable("the terminal"),
    ...deps,
  }));
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** Settings in an env file, a home without credentials, and a PATH without gcloud (plus `extra` variables). */
function bareMachine(extra: NodeJS.ProcessEnv = {}): { env: NodeJS.ProcessEnv; envFile: string } {
  const home = emptyHome();
  const envFile = path.join(home, "boda.env");
  writeFileSync(envFile, SETTINGS);
  return { env: { HOME: home, PATH: "", ...extra }, envFile };
}

describe("pnpm run deploy: refusals", () => {
  it("should refuse without --project, saying how to name one", async () => {
    const run = await deploy([], bareMachine().env);
    expect(run.code).toBe(1);
    expect(run.err).toContain("say which project");
    expect(run.err).toContain("--project");
  });

  it("should refuse a demo project and a malformed id", async () => {
    expect((await deploy(["--project", "demo-boda"], bareMachine().env)).err).toContain("exists only in the emulators");
    expect((await deploy(["--project", "Boda_Lucia"], bareMachine().env)).err).toContain("is not a project id");
  });

  it("should refuse without credentials, naming every missing piece, and touch nothing", async () => {
    const run = await deploy(["--project", PROJECT], { HOME: emptyHome(), PATH: "" });
    expect(run.code).toBe(1);
    expect(run.err).toContain(`Refusing to deploy to ${PROJECT}; nothing was touched`);
    const named = [...run.err.matchAll(/^ {2}✗ (.+)$/gm)].map((match) => match[1]);
    expect(named).toEqual([
      "FIREBASE_DATABASE_URL",
      "SITE_URL",
      "FIREBASE_WEB_API_KEY",
      "Google credentials",
      "gcloud",
    ]);
    expect(run.err).toContain("GOOGLE_APPLICATION_CREDENTIALS is not set");
    expect(run.err).toContain("gcloud auth application-default login");
    expect(run.err).toContain("Google Cloud CLI is not installed");
  });

  it("should refuse a key file that is not there, by its path", async () => {
    const { env, envFile } = bareMachine({ GOOGLE_APPLICATION_CREDENTIALS: "/nonexistent/key.json" });
    const run = await deploy(["--project", PROJECT, "--env-file", envFile], env);
    expect(run.err).toContain("points to /nonexistent/key.json, which does not exist");
  });

  it("should refuse from a shell that points at the emulators", async () => {
    const { env, envFile } = bareMachine({ FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080" });
    const run = await deploy(["--project", PROJECT, "--env-file", envFile], env);
    expect(run.err).toContain("FIRESTORE_EMULATOR_HOST is set");
  });
});

describe("pnpm run deploy --dry-run", () => {
  it("should print the whole plan without credentials, say what it could not compare, and change nothing", async () => {
    const { env, envFile } = bareMachine();
    const run = await deploy(["--project", PROJECT, "--env-file", envFile, "--dry-run"], env);
    expect(run.code).toBe(0);
    for (const step of [
      "1. Sign-up from browsers off (Firebase Auth",
      "2. Firestore rules (firestore.rules)",
      "3. Realtime Database rules (database.rules.json)",
      "4. Remote Config template (remoteconfig.template.json)",
      "5. Cloud Run revision",
      "6. Hosting",
    ]) {
      expect(run.out).toContain(step);
    }
    expect(run.out).toContain("no Google credentials, so nothing was read to compare");
    expect(run.out).toContain(`image europe-west1-docker.pkg.dev/${PROJECT}/boda/boda-bff:`);
    expect(run.out).toContain("containerConcurrency: 250");
    expect(run.out).toContain("path: /readyz");
    expect(run.out).toContain(`SITE_URL                      https://boda.example.com (${envFile})`);
    expect(run.out).toContain("A real deploy would refuse now:");
    expect(run.out).toMatch(/Dry run: nothing was changed\.$/);
  });

  it("should show the diffs against the project when it can read it, still writing nothing", async () => {
    const google = fakeGoogle();
    const { env, envFile } = bareMachine({ GOOGLE_APPLICATION_CREDENTIALS: google.keyFile });
    const run = await deploy(
      [
        "--project",
        PROJECT,
        "--env-file",
        envFile,
        "--dry-run",
        "--only",
        "firestore-rules,database-rules,remote-config",
      ],
      env,
      google.deps,
    );
    expect(run.code).toBe(0);
    expect(run.out).toContain("2. Firestore rules (firestore.rules) — will change");
    expect(run.out).toContain("- // an older ruleset");
    expect(run.out).toContain("3. Realtime Database rules (database.rules.json) — will change");
    expect(run.out).toContain('-     ".write": false\n');
    expect(run.out).toContain("the write is conditional on the rules' ETag");
    expect(run.out).toContain("site_phase = day-of (the repository's file says rsvp-open)");
    expect(run.out).toContain("5. Cloud Run revision (the BFF's container image) — not asked for (--only)");
    expect(google.writes).toEqual([]);
  });
});

describe("pnpm run deploy: writing to the project", () => {
  const only = ["--only", "firestore-rules,database-rules,remote-config"];

  it("should publish rules and Remote Config, each on the state the plan showed, keeping the couple's values", async () => {
    const google = fakeGoogle();
    const { env, envFile } = bareMachine({ GOOGLE_APPLICATION_CREDENTIALS: google.keyFile });
    const run = await deploy(["--project", PROJECT, "--env-file", envFile, "--yes", ...only], env, google.deps);
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(google.writes).toEqual([
      `POST /v1/projects/${PROJECT}/rulesets`,
      `PATCH /v1/projects/${PROJECT}/releases/cloud.firestore`,
      "PUT /.settings/rules.json if-match=db-etag-1",
      "PUT /v1/projects/boda-lucia-mateo/remoteConfig?validate_only=true if-match=etag-1",
      "PUT /v1/projects/boda-lucia-mateo/remoteConfig if-match=etag-1",
    ]);
    expect(google.state.releasedSource).toBe(readFileSync(path.join(REPO_ROOT, "firestore.rules"), "utf8"));
    expect(google.state.databaseRules).toBe(readFileSync(path.join(REPO_ROOT, "database.rules.json"), "utf8"));
    const published = google.state.template as { parameters: Record<string, { defaultValue: { value: string } }> };
    expect(published.parameters.site_phase?.defaultValue.value).toBe("day-of");
    expect(published.parameters.legacy_banner).toBeUndefined();
  });

  it("should stop at a Remote Config template published after the plan, overwriting nothing, and say what was done", async () => {
    const google = fakeGoogle({ publishedMeanwhile: true });
    const { env, envFile } = bareMachine({ GOOGLE_APPLICATION_CREDENTIALS: google.keyFile });
    const run = await deploy(["--project", PROJECT, "--env-file", envFile, "--yes", ...only], env, google.deps);
    expect(run.code).toBe(1);
    expect(run.err).toContain("Stopped: Remote Config: someone published a template after the plan was made");
    expect(run.err).toContain("Nothing was overwritten");
    expect(run.err).toMatch(/✗ done\n\s+Firestore rules \(firestore\.rules\)/);
    expect(run.err).toMatch(/✗ not done\n\s+Remote Config template/);
    expect(
      google.writes.filter((write) => write.startsWith("PUT /v1/projects/boda-lucia-mateo/remoteConfig if-match")),
    ).toEqual([]);
  });

  it("should stop before switching Firestore rules that another deploy changed after the plan", async () => {
    const google = fakeGoogle({ releaseMovesAfterFirstRead: true });
    const { env, envFile } = bareMachine({ GOOGLE_APPLICATION_CREDENTIALS: google.keyFile });
    const run = await deploy(["--project", PROJECT, "--env-file", envFile, "--yes", ...only], env, google.deps);
    expect(run.code).toBe(1);
    expect(run.err).toContain("Stopped: Firestore rules: the live release moved");
    expect(google.writes.some((write) => write.startsWith("PATCH"))).toBe(false);
    expect(google.writes.some((write) => write.includes("remoteConfig"))).toBe(false);
  });

  it("should turn off sign-up from browsers (only that field of Auth's config), and leave it when already off", async () => {
    const google = fakeGoogle();
    const { env, envFile } = bareMachine({ GOOGLE_APPLICATION_CREDENTIALS: google.keyFile });
    const args = ["--project", PROJECT, "--env-file", envFile, "--yes", "--only", "auth-sign-up"];
    const run = await deploy(args, env, google.deps);
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      "1. Sign-up from browsers off (Firebase Auth; only `pnpm seed couple add` makes accounts) — will change",
    );
    expect(run.out).toContain("sign-up from browsers is ON");
    expect(google.writes).toEqual([
      `PATCH /admin/v2/projects/${PROJECT}/config?updateMask=client.permissions.disabledUserSignup`,
    ]);
    expect(google.state.authConfigPatches).toEqual([{ client: { permissions: { disabledUserSignup: true } } }]);
    expect(google.state.authConfig.client.permissions.disabledUserSignup).toBe(true);
    expect(google.state.authConfig.signIn.email.enabled).toBe(true);

    const again = await deploy(args, env, google.deps);
    expect(again.code).toBe(0);
    expect(again.out).toContain("— no change");
    expect(again.out).toContain("unchanged: browsers already cannot create accounts");
    expect(google.writes).toHaveLength(1);
  });

  it("should ask for the project id back, and stop on any other answer or when there is no terminal", async () => {
    const google = fakeGoogle();
    const { env, envFile } = bareMachine({ GOOGLE_APPLICATION_CREDENTIALS: google.keyFile });
    const args = ["--project", PROJECT, "--env-file", envFile, ...only];
    const wrong = await deploy(args, env, { ...google.deps, ask: async () => "boda" });
    expect(wrong.out).toContain("Stopped: nothing was deployed.");
    const noTerminal = await deploy(args, env, { ...google.deps, ask: async () => undefined });
    expect(noTerminal.code).toBe(1);
    expect(noTerminal.err).toContain("there is no terminal to confirm on");
    expect(google.writes).toEqual([]);
  });
});

/**
 * The Firebase Rules, Realtime Database and Remote Config APIs as the deploy uses them, in memory: a project whose
 * rules are older than the repository's, and whose switches the couple changed.
 */
function fakeGoogle(options: { publishedMeanwhile?: boolean; releaseMovesAfterFirstRead?: boolean } = {}) {
  const home = emptyHome();
  const keyFile = path.join(home, "deployer.json");
  writeFileSync(
    keyFile,
    JSON.stringify({ type: "service_account", client_email: "deployer@boda-lucia-mateo.iam.gserviceaccount.com" }),
  );
  const localTemplate = JSON.parse(readFileSync(path.join(REPO_ROOT, "remoteconfig.template.json"), "utf8"));
  const liveTemplate = structuredClone(localTemplate);
  liveTemplate.parameters.site_phase.defaultValue.value = "day-of";
  liveTemplate.parameters.legacy_banner = { defaultValue: { value: "x" }, valueType: "STRING" };
  const state = {
    release: `projects/${PROJECT}/rulesets/old`,
    rulesets: { [`projects/${PROJECT}/rulesets/old`]: "// an older ruleset\nrules_version = '2';" } as Record<
      string,
      string
    >,
    releaseReads: 0,
    releasedSource: "",
    databaseRules: '{ "rules": { ".read": false, ".write": false } }',
    template: liveTemplate as unknown,
    etag: "etag-1",
    // Auth as a new project has it: email/password on (the couple signs in with it), sign-up from browsers open.
    authConfig: {
      name: `projects/${PROJECT}/config`,
      signIn: { email: { enabled: true, passwordRequired: true } },
      client: { permissions: { disabledUserSignup: false, disabledUserDeletion: false } },
    },
    authConfigPatches: [] as unknown[],
  };
  const writes: string[] = [];
  const json = (body: unknown, init: ResponseInit = {}) =>
    new Response(JSON.stringify(body), { ...init, headers: { "content-type": "application/json", ...init.headers } });
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const method = init.method ?? "GET";
    const headers = new Headers(init.headers);
    if (headers.get("authorization") !== "Bearer test-token")
      return json({ error: { message: "no token" } }, { status: 401 });
    const where = `${url.pathname}${url.search}`;
    if (method !== "GET")
      writes.push(`${method} ${where}${headers.get("if-match") ? ` if-match=${headers.get("if-match")}` : ""}`);
    const body = typeof init.body === "string" ? init.body : "";
    if (url.origin === "https://firebaserules.googleapis.com") {
      if (method === "GET" && url.pathname.endsWith("/releases/cloud.firestore")) {
        state.releaseReads += 1;
        if (options.releaseMovesAfterFirstRead && state.releaseReads > 1)
          state.release = `projects/${PROJECT}/rulesets/other`;
        return json({ name: `projects/${PROJECT}/releases/cloud.firestore`, rulesetName: state.release });
      }
      if (method === "GET") {
        const name = url.pathname.slice("/v1/".length);
        return json({ name, source: { files: [{ name: "firestore.rules", content: state.rulesets[name] ?? "" }] } });
      }
      if (method === "POST" && url.pathname.endsWith("/rulesets")) {
        const name = `projects/${PROJECT}/rulesets/new-${Object.keys(state.rulesets).length}`;
        state.rulesets[name] =
          (JSON.parse(body) as { source: { files: Array<{ content: string }> } }).source.files[0]?.content ?? "";
        return json({ name });
      }
      if (method === "PATCH") {
        state.release = (JSON.parse(body) as { release: { rulesetName: string } }).release.rulesetName;
        state.releasedSource = state.rulesets[state.release] ?? "";
        return json({});
      }
    }
    if (url.origin === new URL(DATABASE_URL).origin && url.pathname === "/.settings/rules.json") {
      if (method === "GET") return new Response(state.databaseRules, { headers: { etag: "db-etag-1" } });
      state.databaseRules = body;
      return json({});
    }
    if (
      url.origin === "https://identitytoolkit.googleapis.com" &&
      url.pathname === `/admin/v2/projects/${PROJECT}/config`
    ) {
      if (headers.get("x-goog-user-project") !== PROJECT)
        return json({ error: { message: "no quota project" } }, { status: 403 });
      if (method === "GET") return json(state.authConfig);
      if (method === "PATCH" && url.searchParams.get("updateMask") === "client.permissions.disabledUserSignup") {
        const patch = JSON.parse(body) as { client: { permissions: { disabledUserSignup: boolean } } };
        state.authConfigPatches.push(patch);
        state.authConfig.client.permissions.disabledUserSignup = patch.client.permissions.disabledUserSignup;
        return json(state.authConfig);
      }
    }
    if (url.origin === "https://firebaseremoteconfig.googleapis.com") {
      if (method === "GET") return json(state.template, { headers: { etag: state.etag } });
      if (options.publishedMeanwhile) state.etag = "etag-2";
      if (headers.get("if-match") !== state.etag) return json({ error: { message: "etag mismatch" } }, { status: 412 });
      if (url.searchParams.get("validate_only") === "true") return json(JSON.parse(body));
      state.template = JSON.parse(body);
      state.etag = "etag-3";
      return json({ ...(state.template as object), version: { versionNumber: "8" } });
    }
    return json({ error: { message: `the fake has no ${method} ${url}` } }, { status: 404 });
  };
  const run = async (command: string, args: string[]): Promise<CommandResult> => {
    throw new Error(`unexpected child process: ${command} ${args.join(" ")}`);
  };
  const deps: Partial<DeployDependencies> = {
    fetch: fetch as typeof globalThis.fetch,
    accessToken: async () => "test-token",
    run,
    ask: async () => PROJECT,
  };
  return { keyFile, deps, writes, state };
}
