// `pnpm run deploy` as typed at the repository root — pnpm's own `deploy` command is a different thing, so this
// checks the script is what runs — on a machine with no Google credentials: the dry run prints the plan, the real
// run refuses and names what is missing.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type CollectedRun, runCollecting } from "@boda/kit/processes";
import { REPO_ROOT } from "@boda/kit/repo";
import { describe, expect, it } from "vitest";
import { which } from "./tooling";

function pnpmRunDeploy(args: string[]): Promise<CollectedRun> {
  const pnpm = which("pnpm", process.env);
  if (!pnpm) throw new Error("pnpm is not on PATH; run the tests through `pnpm test`.");
  // Only node's and pnpm's folders on PATH, an empty home, no credential variables: nothing can be found to sign in with.
  const env = {
    PATH: [...new Set([path.dirname(process.execPath), path.dirname(pnpm)])].join(path.delimiter),
    HOME: mkdtempSync(path.join(tmpdir(), "deploy-home-")),
  };
  return runCollecting(pnpm, ["run", "deploy", ...args], { cwd: REPO_ROOT, env });
}

describe("pnpm run deploy, without credentials", () => {
  it("should print the plan of a dry run and change nothing", async () => {
    const run = await pnpmRunDeploy(["--project", "boda-lucia-mateo", "--dry-run"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Deploy plan for boda-lucia-mateo (dry run: nothing will be changed)");
    expect(run.stdout).toContain("A real deploy would refuse now:");
    expect(run.stdout).toContain("Dry run: nothing was changed.");
  });

  it("should refuse a real deploy, naming the missing credentials, settings and tools", async () => {
    const run = await pnpmRunDeploy(["--project", "boda-lucia-mateo"]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("Refusing to deploy to boda-lucia-mateo; nothing was touched:");
    for (const missing of [
      "FIREBASE_DATABASE_URL",
      "SITE_URL",
      "FIREBASE_WEB_API_KEY",
      "Google credentials",
      "gcloud",
    ]) {
      expect(run.stderr).toContain(`✗ ${missing}\n`);
    }
  });
});
