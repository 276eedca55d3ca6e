// What can be checked of the container image and the Hosting configuration without Docker or a project: the
// Dockerfile's stages, user, port and environment agree with the BFF's own checks and the deploy's service; and
// firebase.json uploads only the hashed assets (listed by firebase-tools itself) and sends every path to Cloud Run.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { REPO_ROOT } from "@boda/kit/repo";
import { serverEnvProblems } from "@boda/server/env";
import { describe, expect, it } from "vitest";
import { PRODUCTION_DEPENDENCIES_COMMAND } from "./image-layout";
import { hostingUploads } from "./plan";
import { CONTAINER_PORT } from "./service-spec";
import { hostingRunTarget } from "./settings";

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped, split into stages at each FROM. */
function dockerfileStages(): Instruction[][] {
  const text = readFileSync(path.join(REPO_ROOT, "Dockerfile"), "utf8").replace(/\\\n/g, " ");
  const stages: Instruction[][] = [];
  for (const line of text.split("\n")) {
    const match = /^\s*([A-Z]+)\s+(.*)$/.exec(line);
    if (!match || line.trimStart().startsWith("#")) continue;
    const instruction = { keyword: match[1] ?? "", args: (match[2] ?? "").replace(/\s+/g, " ").trim() };
    if (instruction.keyword === "FROM") stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

const envOf = (stage: Instruction[]) =>
  Object.fromEntries(
    stage
      .filter((instruction) => instruction.keyword === "ENV")
      .flatMap((instruction) => [...instruction.args.matchAll(/(\w+)=(\S+)/g)].map((match) => [match[1], match[2]])),
  );

describe("the container image (Dockerfile)", () => {
  const stages = dockerfileStages();
  const final = stages.at(-1) ?? [];

  it("should build in one stage and run in another, as an unprivileged user", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const keywords = final.map((instruction) => instruction.keyword);
    const user = final.filter((instruction) => instruction.keyword === "USER").at(-1)?.args;
    expect(user).toBeDefined();
    expect(["root", "0"]).not.toContain(user);
    expect(keywords.lastIndexOf("USER")).toBeLessThan(keywords.lastIndexOf("CMD"));
  });

  it("should start the bundle with node and listen where the Cloud Run service sends requests", () => {
    expect(final.find((instruction) => instruction.keyword === "CMD")?.args).toBe('["server/dist/main.mjs"]');
    const env = envOf(final);
    expect(Number(env.PORT)).toBe(CONTAINER_PORT);
    expect(final.find((instruction) => instruction.keyword === "EXPOSE")?.args).toBe(String(CONTAINER_PORT));
  });

  it("should set what the BFF insists on for Cloud Run, so a well-configured service starts", () => {
    const env = envOf(final);
    const projectSettings = {
      FIREBASE_PROJECT_ID: "boda-lucia-mateo",
      FIREBASE_DATABASE_URL: "https://boda-lucia-mateo-default-rtdb.europe-west1.firebasedatabase.app",
      SITE_URL: "https://boda.example.com",
      FIREBASE_WEB_API_KEY: `AIza${"x".repeat(35)}`,
    };
    expect(serverEnvProblems({ ...env, ...projectSettings, K_SERVICE: hostingRunTarget().serviceId })).toEqual([]);
  });

  it("should lay out the production dependencies with the same command the layout check runs here", () => {
    const run = stages.flat().filter((instruction) => instruction.keyword === "RUN");
    expect(
      run.some((instruction) => instruction.args.startsWith(`pnpm ${PRODUCTION_DEPENDENCIES_COMMAND.join(" ")} `)),
    ).toBe(true);
  });

  it("should copy only files that exist and that .dockerignore lets through, and keep secrets out", () => {
    const ignored = readFileSync(path.join(REPO_ROOT, ".dockerignore"), "utf8")
      .split("\n")
      .filter((line) => line.trim() && !line.startsWith("#"));
    expect(ignored).toEqual(expect.arrayContaining(["**/node_modules", ".git", ".env", ".env.*"]));
    const sources = stages
      .flat()
      .filter((instruction) => instruction.keyword === "COPY" && !instruction.args.startsWith("--from"))
      .flatMap((instruction) => instruction.args.split(" ").slice(0, -1));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(existsSync(path.join(REPO_ROOT, source)), source).toBe(true);
      expect(
        ignored.some((pattern) => source.replace(/\/$/, "") === pattern),
        source,
      ).toBe(false);
    }
  });
});

describe("Hosting in front of Cloud Run (firebase.json)", () => {
  const config = JSON.parse(readFileSync(path.join(REPO_ROOT, "firebase.json"), "utf8")) as {
    hosting: {
      public: string;
      ignore: string[];
      headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
      rewrites: Array<{ source: string; run?: { serviceId: string; region: string } }>;
    };
  };

  it("should upload only the hashed assets: the page, service workers and build files stay with the BFF", () => {
    const dist = mkdtempSync(path.join(tmpdir(), "hosting-"));
    for (const file of [
      "index.html",
      "sw.js",
      "firebase-messaging-sw.js",
      ".vite/manifest.json",
      "assets/index-0a1b2c3d.js",
      "assets/dashboard-4e5f6a7b.css",
      "assets/fonts/lora-8c9d0e1f.woff2",
    ]) {
      mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      writeFileSync(path.join(dist, file), "x");
    }
    expect(hostingUploads(dist, config.hosting.ignore)).toEqual([
      "assets/dashboard-4e5f6a7b.css",
      "assets/fonts/lora-8c9d0e1f.woff2",
      "assets/index-0a1b2c3d.js",
    ]);
  });

  it("should cache the assets for a year, as the BFF does, and send every other path to the Cloud Run service", () => {
    expect(config.hosting.public).toBe("web/dist");
    expect(config.hosting.headers).toEqual([
      {
        source: "/assets/**",
        headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }],
      },
    ]);
    expect(config.hosting.rewrites).toEqual([{ source: "**", run: hostingRunTarget() }]);
  });
});
