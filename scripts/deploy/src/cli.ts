// `pnpm run deploy --project <id>`: from the repository to a real Firebase project in one command — rules, Remote
// Config, the Cloud Run revision and Hosting. Prints the plan first, asks for the project id back (or --yes), and
// refuses, naming each missing piece, without credentials. `--dry-run` prints the plan and changes nothing.
import { createInterface } from "node:readline/promises";
import { pathToFileURL } from "node:url";
import { type Io, processIo } from "@boda/kit/io";
import { CommandError, formatProblems, type Problem } from "@boda/kit/problems";
import { REPO_ROOT } from "@boda/kit/repo";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { applicationDefault } from "firebase-admin/app";
import { applyPlan } from "./apply";
import { type ApiContext, GOOGLE_ORIGINS } from "./google-apis";
import { buildPlan, formatPlan, readLocalFiles, STEP_TITLES, STEPS, type StepId } from "./plan";
import { readProjectState } from "./project-state";
import { DEFAULT_SCALING, readSettings } from "./settings";
import { findCredentials, findGcloud, type Runner, runCommand } from "./tooling";

/** Everything that reaches outside this process, so tests can run the command in-process with nothing real behind it. */
export interface DeployDependencies {
  fetch: typeof fetch;
  accessToken: () => Promise<string>;
  run: Runner;
  /** Asks a question on the terminal; undefined when there is no terminal to ask on. */
  ask: (question: string) => Promise<string | undefined>;
}

export function realDependencies(): DeployDependencies {
  // Made on first use: only a deploy that found credentials ever asks for a token.
  let credential: ReturnType<typeof applicationDefault> | undefined;
  return {
    fetch: globalThis.fetch,
    accessToken: async () => {
      credential ??= applicationDefault();
      return (await credential.getAccessToken()).access_token;
    },
    run: runCommand,
    ask: async (question) => {
      if (!process.stdin.isTTY) return undefined;
      const terminal = createInterface({ input: process.stdin, output: process.stdout });
      try {
        return await terminal.question(question);
      } finally {
        terminal.close();
      }
    },
  };
}

interface DeployOptions {
  project?: string;
  dryRun?: boolean;
  yes?: boolean;
  only: StepId[];
  envFile?: string;
  minInstances: number;
  maxInstances: number;
  concurrency: number;
}

const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
const EMULATOR_VARIABLES = [
  "FIRESTORE_EMULATOR_HOST",
  "FIREBASE_AUTH_EMULATOR_HOST",
  "FIREBASE_DATABASE_EMULATOR_HOST",
];

function count(name: string, min: number, max: number) {
  return (raw: string) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
    }
    return value;
  };
}

function steps(raw: string): StepId[] {
  const asked = raw.split(",").map((step) => step.trim());
  const unknown = asked.filter((step) => !(STEPS as readonly string[]).includes(step));
  if (unknown.length > 0)
    throw new InvalidArgumentError(`unknown step ${unknown.join(", ")}; the steps are: ${STEPS.join(", ")}.`);
  return asked as StepId[];
}

function buildProgram(io: Io, action: (options: DeployOptions) => Promise<void>): Command {
  return new Command("pnpm run deploy")
    .description(
      "Deploys the wedding page to a real Firebase project: Firestore and Realtime Database rules, the Remote Config " +
        "template, the BFF's Cloud Run revision and Hosting. Prints the plan first; changes nothing without --project " +
        "and a confirmation. (Always `pnpm run deploy`: plain `pnpm deploy` is a different, built-in pnpm command.)",
    )
    .option("--project <id>", "the real Firebase project to deploy to (required)")
    .option("--dry-run", "print the plan (with diffs against the project when credentials are available) and stop")
    .option("--yes", "confirm without being asked (for scripts); otherwise the project id is asked for")
    .addOption(
      new Option("--only <steps>", `deploy only these steps, comma-separated: ${STEPS.join(", ")}`)
        .argParser(steps)
        .default([...STEPS], "all"),
    )
    .option("--env-file <file>", "the container's settings (SITE_URL, FIREBASE_WEB_API_KEY…) as NAME=value lines")
    .addOption(
      new Option("--min-instances <n>", "instances kept warm (1 on the day avoids a cold start)")
        .argParser(count("--min-instances", 0, 100))
        .default(DEFAULT_SCALING.minInstances),
    )
    .addOption(
      new Option("--max-instances <n>", "most instances Cloud Run may start (caps the cost)")
        .argParser(count("--max-instances", 1, 1000))
        .default(DEFAULT_SCALING.maxInstances),
    )
    .addOption(
      new Option("--concurrency <n>", "requests one instance takes at once")
        .argParser(count("--concurrency", 1, 1000))
        .default(DEFAULT_SCALING.concurrency),
    )
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) })
    .exitOverride()
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  pnpm run deploy --project boda-lucia-mateo --env-file .env.boda-lucia-mateo --dry-run",
        "  pnpm run deploy --project boda-lucia-mateo --env-file .env.boda-lucia-mateo",
        "  pnpm run deploy --project boda-lucia-mateo --env-file .env.boda-lucia-mateo --only remote-config,hosting",
        "  pnpm run deploy --project boda-lucia-mateo --env-file .env.boda-lucia-mateo --min-instances 1   (the day)",
        "",
        "The whole walk-through: docs/deploy.md",
      ].join("\n"),
    )
    .action(action);
}

/** Runs one command line (without `node cli.ts`); returns the exit code. */
export async function runDeploy(args: readonly string[], io: Io, deps: () => DeployDependencies): Promise<number> {
  const program = buildProgram(io, (options) => deploy(options, io, deps));
  try {
    await program.parseAsync([...args], { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof CommandError) {
      io.err(error.message);
      return 1;
    }
    io.err(`Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 2;
  }
}

async function deploy(options: DeployOptions, io: Io, makeDeps: () => DeployDependencies): Promise<void> {
  const projectId = options.project;
  if (!projectId) {
    throw new CommandError("Nothing was deployed: say which project.", [
      {
        where: "--project",
        message: "required: the deploy only ever reaches the project it is given",
        example: "pnpm run deploy --project boda-lucia-mateo --dry-run",
      },
    ]);
  }
  if (projectId.startsWith("demo-")) {
    throw new CommandError(
      `Nothing was deployed: "${projectId}" is a demo project, which exists only in the emulators.`,
      [{ where: "--project", message: "give the real project's id (Firebase console → Project settings)" }],
    );
  }
  if (!PROJECT_ID.test(projectId)) {
    throw new CommandError(`Nothing was deployed: "${projectId}" is not a project id.`, [
      { where: "--project", message: "6–30 lowercase letters, digits and dashes, starting with a letter" },
    ]);
  }
  const only = STEPS.filter((step) => options.only.includes(step));

  // Everything that would stop a real deploy, gathered before anything reaches the network.
  const blockers: Problem[] = [];
  const emulatorHosts = EMULATOR_VARIABLES.filter((name) => io.env[name]);
  if (emulatorHosts.length > 0) {
    blockers.push({
      where: "environment",
      message: `${emulatorHosts.join(", ")} ${emulatorHosts.length === 1 ? "is" : "are"} set: this shell points at the emulators; unset them to deploy`,
    });
  }
  const { settings, problems } = readSettings(io, {
    projectId,
    envFile: options.envFile,
    scaling: {
      ...DEFAULT_SCALING,
      minInstances: options.minInstances,
      maxInstances: options.maxInstances,
      concurrency: options.concurrency,
    },
  });
  if (only.includes("cloud-run") || only.includes("database-rules")) blockers.push(...problems);
  const credentials = findCredentials(io.env);
  if (credentials.problem) blockers.push(credentials.problem);
  const deps = makeDeps();
  const gcloud = only.includes("cloud-run") ? await findGcloud(io.env, deps.run) : {};
  if ("problem" in gcloud && gcloud.problem) blockers.push(gcloud.problem);

  if (!options.dryRun && blockers.length > 0) {
    throw new CommandError(`Refusing to deploy to ${projectId}; nothing was touched:`, blockers);
  }

  if (!options.dryRun && only.includes("hosting")) {
    // The page Hosting uploads and the page in the image carry the same version (the image builds its own copy).
    io.out("Building the page for Hosting…");
    const built = await deps.run("pnpm", ["--filter", "@boda/web", "build"], {
      cwd: REPO_ROOT,
      env: { ...io.env, APP_VERSION: settings.version },
    });
    if (built.code !== 0)
      throw new CommandError("Nothing was deployed: the page did not build.", [
        { where: "pnpm --filter @boda/web build", message: built.stderr.trim().split("\n").slice(-5).join(" ") },
      ]);
  }

  const api: ApiContext | undefined = credentials.found
    ? { fetch: deps.fetch, accessToken: deps.accessToken, origins: GOOGLE_ORIGINS }
    : undefined;
  const live = await readProjectState({ settings, only, api, gcloud: gcloud.gcloud, run: deps.run, env: io.env });
  const local = readLocalFiles();
  const plan = buildPlan(settings, local, live);

  io.out(`Deploy plan for ${projectId}${options.dryRun ? " (dry run: nothing will be changed)" : ""}`);
  io.out(`  commit ${settings.version}${settings.dirty ? " — the working tree has uncommitted changes" : ""}`);
  io.out(`  credentials: ${credentials.found ?? "none"}`);
  if (only.includes("cloud-run"))
    io.out(`  gcloud: ${gcloud.gcloud ? `${gcloud.gcloud} (${gcloud.account ?? "not signed in"})` : "not installed"}`);
  if (live.unread.length > 0) {
    io.out("  not read from the project, so not compared:");
    for (const { reason } of live.unread) io.out(`    - ${reason}`);
  }
  for (const line of formatPlan(plan, only)) io.out(line);
  if (only.includes("cloud-run")) {
    io.out("\nThe Cloud Run service, as it will be replaced (gcloud run services replace):");
    for (const line of plan.serviceYaml.trimEnd().split("\n")) io.out(`   ${line}`);
  }
  const refusals = [...blockers, ...(only.includes("remote-config") ? plan.remoteConfig.problems : [])];

  if (options.dryRun) {
    if (refusals.length > 0) {
      io.out("\nA real deploy would refuse now:");
      for (const line of formatProblems(refusals)) io.out(line);
    }
    io.out("\nDry run: nothing was changed.");
    return;
  }
  if (refusals.length > 0) throw new CommandError(`Refusing to deploy to ${projectId}; nothing was touched:`, refusals);
  if (live.unread.length > 0) {
    throw new CommandError(
      `Refusing to deploy to ${projectId}: parts of the project could not be read, so the plan could not be checked against them:`,
      live.unread.map(({ step, reason }) => ({
        where: STEP_TITLES[step],
        message: reason,
        example: "check the deployer's roles (docs/deploy.md, 'Least privileges')",
      })),
    );
  }

  if (!options.yes) {
    const answer = await deps.ask(`\nType the project id (${projectId}) to deploy, anything else to stop: `);
    if (answer === undefined) {
      throw new CommandError("Nothing was deployed: there is no terminal to confirm on.", [
        { where: "--yes", message: "add it to confirm without being asked (after reading the plan above)" },
      ]);
    }
    if (answer.trim() !== projectId) {
      io.out("Stopped: nothing was deployed.");
      return;
    }
  }
  await applyPlan({
    io,
    settings,
    local,
    live,
    plan,
    only,
    api: api as ApiContext,
    gcloud: gcloud.gcloud,
    run: deps.run,
    fetch: deps.fetch,
  });
  io.out(`\nDeployed ${settings.version} to ${projectId}: ${only.map((step) => STEP_TITLES[step]).join("; ")}.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  if (args[0] === "--") args.shift();
  process.exitCode = await runDeploy(args, processIo(), realDependencies);
}
