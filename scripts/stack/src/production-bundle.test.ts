// The BFF's production bundle (server/dist/main.mjs under plain node, as the container runs it) over real HTTP on
// emulators of its own, and two instances of it side by side — one from the workspace, one from the container image's
// layout (production dependencies only) — showing that what one instance learns, the other serves too.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { assembleImageLayout, type ImageLayout } from "@boda/deploy/image-layout";
import { type RunningEmulators, startEmulators } from "@boda/emulators/harness";
import { declineEverything, openLiveFeed, signInWithInvite } from "@boda/kit/bff-client";
import type { DemoInvite } from "@boda/kit/demo-invites";
import { freePort } from "@boda/kit/ports";
import { httpOk, type ManagedProcess, spawnManaged, waitUntilReady } from "@boda/kit/processes";
import { EXAMPLE_CONTENT_FILE, REMOTE_CONFIG_TEMPLATE, REPO_ROOT } from "@boda/kit/repo";
import { bundleCommand } from "@boda/kit/server-bundle";
import { call } from "@boda/server/client/trpc-over-http";
import type { InvitationView, SiteView } from "@boda/server/contract/site-view";
import { webBuild } from "@boda/server/test/web-build";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed, seedDemoContent, seedDemoInvites } from "./stack";

interface Instance {
  url: string;
  process: ManagedProcess;
}

/** Waits for a process to exit; the bound only turns "it hung" into a failure instead of a stuck run. */
async function exitCodeOf(process_: ManagedProcess, hungAfterMs = 30_000): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      process_.exited,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the BFF had not exited ${hungAfterMs / 1000} s later`)),
          hungAfterMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe("the BFF's production bundle", () => {
  const work = mkdtempSync(path.join(tmpdir(), "bff-bundle-"));
  const asset = `console.log(${JSON.stringify("¡Nos casamos! ".repeat(200))});`;
  // A web build of the test's own files, with the real prerender (web/dist-ssr) beside it.
  const webDist = webBuild({
    "index.html": '<!doctype html><html lang="es"><head><title>Boda</title><!-- site-shell --></head></html>',
    "assets/index-0a1b2c3d.js": asset,
  });
  let emulators: RunningEmulators;
  let env: NodeJS.ProcessEnv;
  let invites: DemoInvite[];
  let switchesFile: string;
  let a: Instance;
  let b: Instance;

  /** Starts the bundle from the workspace, or from the image's layout (`image`), and waits until it is ready. */
  async function startInstance(name: string, image?: ImageLayout): Promise<Instance> {
    const port = await freePort();
    const [node, args]: [string, string[]] = image ? [process.execPath, [image.bundle]] : bundleCommand();
    const process_ = spawnManaged(node, args, {
      cwd: image?.appDir ?? REPO_ROOT,
      env: {
        ...env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        WEB_DIST_DIR: image?.webDist ?? webDist,
        REMOTE_CONFIG_TEMPLATE: switchesFile,
        LOG_LEVEL: "warn",
      },
      logFile: path.join(work, `${name}.log`),
    });
    const url = `http://127.0.0.1:${port}/`;
    await waitUntilReady(`BFF ${name} (production bundle)`, process_, () => httpOk(`${url}readyz`), {
      timeoutMs: 30_000,
    });
    return { url, process: process_ };
  }

  const inviteOf = (key: string) => {
    const invite = invites.find((candidate) => candidate.key === key);
    if (!invite) throw new Error(`The demo guest list has no household "${key}".`);
    return invite;
  };
  const authHost = () => emulators.env.FIREBASE_AUTH_EMULATOR_HOST ?? "";

  beforeAll(async () => {
    switchesFile = path.join(work, "remoteconfig.template.json");
    copyFileSync(REMOTE_CONFIG_TEMPLATE, switchesFile);
    // Emulators of its own: other suites rewrite the default database's content and guest list while they run.
    let image: ImageLayout;
    [emulators, image] = await Promise.all([
      startEmulators({ ports: "free", log: () => {} }),
      assembleImageLayout(path.join(work, "image"), webDist),
    ]);
    env = { ...process.env, ...emulators.env, REMOTE_CONFIG_TEMPLATE: switchesFile };
    await seedDemoContent(env);
    invites = await seedDemoInvites(env, "https://boda.example.com", path.join(work, "invitaciones"));
    [a, b] = await Promise.all([startInstance("a"), startInstance("b", image)]);
  }, 120_000);
  afterAll(async () => {
    await a?.process.stop();
    await b?.process.stop();
    await emulators?.stop();
  });

  describe("over HTTP", () => {
    it("should say it is alive and ready, on the port it was given", async () => {
      const health = await fetch(`${a.url}healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      const ready = await fetch(`${a.url}readyz`);
      expect(await ready.json()).toEqual({ status: "ready" });
    });

    it("should serve the published content through tRPC with a request id", async () => {
      const answer = await call<SiteView>(a.url, "site.content");
      expect(answer.status).toBe(200);
      expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.body.result?.data.couple.names).toEqual(["Lucía", "Mateo"]);
    });

    it("should answer unknown procedures, bad input and unknown URLs with JSON errors", async () => {
      const unknown = await call(a.url, "site.nope");
      expect(unknown.status).toBe(404);
      expect(unknown.body.error?.data.code).toBe("NOT_FOUND");
      const bad = await call(a.url, "locations.list", { input: { eventId: "Ceremonia Civil" } });
      expect(bad.status).toBe(400);
      expect(bad.body.error?.data.issues).toEqual([
        { path: "eventId", message: expect.stringContaining("lowercase slug") },
      ]);
      const nowhere = await fetch(`${a.url}nada/aqui`);
      expect(nowhere.status).toBe(404);
      expect(await nowhere.json()).toMatchObject({ error: "Not Found" });
    });

    it("should serve the web app: the page revalidated, hashed assets compressed and cached for good", async () => {
      const page = await fetch(a.url);
      expect(page.headers.get("cache-control")).toBe("no-cache");
      // The BFF fills the shell from the published content: the couple's names before any script runs.
      expect(await page.text()).toContain("<title>Lucía &amp; Mateo");
      const script = await fetch(`${a.url}assets/index-0a1b2c3d.js`, { headers: { "accept-encoding": "br" } });
      expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(script.headers.get("content-encoding")).toBe("br");
      expect(await script.text()).toBe(asset);
    });

    it("should sign a household in with its invitation and save its answer", async () => {
      const token = await signInWithInvite(a.url, inviteOf("ruiz-ortega").code, authHost());
      const mine = await call<InvitationView>(a.url, "invitations.mine", { token });
      expect(mine.body.result?.data.household.key).toBe("ruiz-ortega");
      const saved = await call<{ revision: number }>(a.url, "rsvp.submit", {
        input: declineEverything(mine.body.result?.data as InvitationView, 0),
        token,
        mutation: true,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.result?.data.revision).toBe(1);
    });

    it("should refuse to start on a real project with settings missing, naming each one", () => {
      // No emulator host and no credentials: the check runs before anything connects, so nothing leaves this machine.
      const result = spawnSync(...bundleCommand(), {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH, NODE_ENV: "production", K_SERVICE: "boda-bff", FIREBASE_VAPID_KEY: "BKey" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      const named = [...result.stderr.matchAll(/^ {2}([A-Z_]+): /gm)].map((match) => match[1]);
      expect(named).toEqual([
        "FIREBASE_PROJECT_ID",
        "FIREBASE_DATABASE_URL",
        "SITE_URL",
        "FIREBASE_WEB_API_KEY",
        "FIREBASE_VAPID_KEY",
        "HOST",
        "TRUST_PROXY",
      ]);
    });
  });

  describe("two instances on the same Firebase", () => {
    it("should both serve a content publish made with the couple's command", async () => {
      const changed = readFileSync(EXAMPLE_CONTENT_FILE, "utf8").replace("un tren a Granada", "un tren a Sevilla");
      const file = path.join(work, "boda.yaml");
      writeFileSync(file, changed);
      await seed(["content", file], { ...env, SEED_NOW: "2027-01-02T10:00:00Z" }, "Publishing changed content");
      for (const instance of [a, b]) {
        await expect
          .poll(async () => JSON.stringify((await call(instance.url, "site.content")).body.result?.data))
          .toContain("un tren a Sevilla");
      }
    });

    it("should push a live message to pages open on either instance", async () => {
      const pages = [openLiveFeed(a.url), openLiveFeed(b.url)];
      try {
        for (const page of pages) await expect.poll(() => page.events.length).toBeGreaterThan(0);
        await seed(["live", "set", "El autobús sale a las 19:00"], env, "Setting the live message");
        for (const page of pages) await expect.poll(() => page.announced("El autobús sale a las 19:00")).toBe(true);
      } finally {
        for (const page of pages) page.close();
      }
    });

    it("should show an answer saved through one instance on the other, which refuses a stale edit", async () => {
      const code = inviteOf("abuela-rosario").code;
      const [tokenA, tokenB] = [
        await signInWithInvite(a.url, code, authHost()),
        await signInWithInvite(b.url, code, authHost()),
      ];
      const invitation = (await call<InvitationView>(b.url, "invitations.mine", { token: tokenB })).body.result?.data;
      expect(invitation?.rsvp).toBeNull();
      const saved = await call(a.url, "rsvp.submit", {
        input: declineEverything(invitation as InvitationView, 0),
        token: tokenA,
        mutation: true,
      });
      expect(saved.status).toBe(200);

      const seenOnB = await call<InvitationView>(b.url, "invitations.mine", { token: tokenB });
      expect(seenOnB.body.result?.data.rsvp?.revision).toBe(1);
      const stale = await call(b.url, "rsvp.submit", {
        input: declineEverything(invitation as InvitationView, 0),
        token: tokenB,
        mutation: true,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error?.data.reason).toBe("answer-changed");
    });

    it("should end open live streams and exit cleanly on SIGTERM while the other instance serves on", async () => {
      const page = openLiveFeed(b.url);
      try {
        await expect.poll(() => page.events.length).toBeGreaterThan(0);
        b.process.child.kill("SIGTERM");
        // 0 is a clean stop; the BFF's own 8 s limit exits with 1.
        expect(await exitCodeOf(b.process)).toBe(0);
        expect((await fetch(`${a.url}readyz`)).status).toBe(200);
      } finally {
        page.close();
      }
    });
  });
});
