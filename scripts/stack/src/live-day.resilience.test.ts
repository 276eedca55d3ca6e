// The live day under faults: the Realtime Database restarting under an open page and under a guestbook post, and
// the BFF process told to stop (SIGTERM) while pages hold live streams. Real processes: a database started for this
// file, the BFF as it runs.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDatabaseEmulator } from "@boda/emulators/database";
import type { RunningEmulator } from "@boda/emulators/types";
import { signInWithInvite } from "@boda/kit/bff-client";
import { freePort } from "@boda/kit/ports";
import { httpOk, spawnManaged, typescriptCommand, waitUntilReady } from "@boda/kit/processes";
import { REMOTE_CONFIG_TEMPLATE, REPO_ROOT } from "@boda/kit/repo";
import { buildServer } from "@boda/server/build-server";
import { call } from "@boda/server/client/trpc-over-http";
import { HOUSEHOLDS_COLLECTION } from "@boda/server/contract/firestore-paths";
import { GUESTBOOK_PATH } from "@boda/server/contract/guestbook";
import { INVITE_CODES_COLLECTION } from "@boda/server/contract/household";
import { createServices } from "@boda/server/services";
import { templateFileSwitches } from "@boda/server/switches/switches-source";
import { injectFault } from "@boda/server/test/hardening-ledger";
import { EventSource } from "eventsource";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getDatabase } from "firebase-admin/database";
import { getFirestore } from "firebase-admin/firestore";
import { getRemoteConfig } from "firebase-admin/remote-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const PROJECT = process.env.FIREBASE_PROJECT_ID ?? "demo-boda";

/** What one open page's live stream received. */
function openFeed(url: string) {
  const events: Array<{ kind: string; announcement?: { message: string } | null }> = [];
  const source = new EventSource(`${url}/trpc/live.feed`);
  let errors = 0;
  source.addEventListener("message", (event) => events.push(JSON.parse(event.data)));
  source.addEventListener("error", () => {
    errors += 1;
  });
  return { events, source, errors: () => errors };
}

describe("the live day when things fail", () => {
  const logDir = mkdtempSync(path.join(tmpdir(), "live-faults-"));
  let port: number;
  let database: RunningEmulator;
  let app: App;

  const startDatabase = () =>
    startDatabaseEmulator({ host: "127.0.0.1", port, projectId: PROJECT, rootDir: REPO_ROOT, logDir });

  beforeAll(async () => {
    if (!process.env.FIRESTORE_EMULATOR_HOST)
      throw new Error("Run through `pnpm test` (the emulators must be running).");
    port = await freePort();
    database = await startDatabase();
    // No credentials are needed here: never let the auth library probe for a cloud metadata server.
    process.env.METADATA_SERVER_DETECTION = "none";
    // firebase-admin reads the database host from the environment: this file's own database, which it may restart.
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${port}`;
    app = initializeApp({ projectId: PROJECT, databaseURL: `http://127.0.0.1:${port}?ns=live-faults` }, "live-faults");
  });
  afterAll(async () => {
    await deleteApp(app);
    await database.stop();
  });

  /** The BFF in this process, over this file's database and the given Firestore and switches file. */
  async function startBff(firestore = getFirestore(app), switchesFile = REMOTE_CONFIG_TEMPLATE) {
    const services = createServices({
      firebase: { firestore, auth: getAuth(app), database: getDatabase(app) },
      switches: templateFileSwitches(getRemoteConfig(app), switchesFile),
      firebaseWebConfig: { projectId: PROJECT, apiKey: "demo-api-key" },
      log: { error: () => {} },
    });
    // The server closes the services' listeners with it.
    const server = await buildServer({ ...services, checkFirestore: async () => {} });
    try {
      const url = await server.listen({ host: "127.0.0.1", port: 0 });
      return { url, close: () => server.close() };
    } catch (error) {
      await server.close();
      throw error;
    }
  }

  /** Waits until an announcement written now reaches the page: the BFF's listener is back on the database. */
  async function untilAnnouncementReaches(page: ReturnType<typeof openFeed>, message: string) {
    await expect
      .poll(
        async () => {
          await getDatabase(app).ref("live").set({ message, updatedAt: Date.now() });
          return page.events.some((event) => event.announcement?.message === message);
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toBe(true);
  }

  it("should keep an open page's live stream working after the database restarts", async () => {
    const bff = await startBff();
    try {
      const page = openFeed(bff.url);
      await expect.poll(() => page.events.length).toBeGreaterThan(0);

      await getDatabase(app).ref("live").set({ message: "Antes del corte", updatedAt: Date.now() });
      await expect
        .poll(() => page.events.some((event) => event.announcement?.message === "Antes del corte"))
        .toBe(true);

      const restart = injectFault("Realtime Database restarted under an open live stream");
      await database.stop();
      database = await startDatabase();
      // The restarted database is empty; firebase-admin reconnects by itself and the page keeps its stream.
      await untilAnnouncementReaches(page, "Después del corte");
      restart.survived("the open page received an announcement written after the restart");
      page.source.close();
    } finally {
      await bff.close();
    }
  }, 90_000);

  it("should answer a guestbook post 503 while the database is down, and never show it once the database is back", async () => {
    // A household to sign in with, in this test's own Firestore database, and the guestbook switched on.
    const firestore = getFirestore(app, `live-faults-${Date.now().toString(36)}`);
    const household = {
      key: "familia-corte",
      displayName: "Familia Corte",
      seats: 1,
      members: [{ id: "carmen", name: "Carmen García", child: false }],
      plusOnes: 0,
      tags: ["familia"],
      language: "es",
      code: "K7MPQ4RW9XTH3NCE",
      codeIssuedAt: "2026-10-01T10:00:00.000Z",
    };
    await firestore.doc(`${HOUSEHOLDS_COLLECTION}/${household.key}`).set(household);
    await firestore.doc(`${INVITE_CODES_COLLECTION}/${household.code}`).set({ householdKey: household.key });
    const template = path.join(logDir, "guestbook-open.template.json");
    const switches = JSON.parse(readFileSync(REMOTE_CONFIG_TEMPLATE, "utf8"));
    switches.parameters.guestbook_enabled.defaultValue.value = "true";
    writeFileSync(template, JSON.stringify(switches));

    const bff = await startBff(firestore, template);
    try {
      const url = `${bff.url}/`;
      const token = await signInWithInvite(url, household.code, process.env.FIREBASE_AUTH_EMULATOR_HOST as string);
      const post = (message: string) => call(url, "guestbook.post", { input: { message }, token, mutation: true });
      expect((await post("Antes del corte")).status).toBe(200);

      const outage = injectFault("Realtime Database stopped under a guestbook post");
      await database.stop();
      // Bounded: the SDK would otherwise hold the request until the database is back.
      const refused = await post("Durante el corte");
      expect(refused.status).toBe(503);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.body.error?.data.reason).toBe("unavailable");

      database = await startDatabase();
      const page = openFeed(bff.url);
      await untilAnnouncementReaches(page, "De vuelta");
      page.source.close();
      expect((await post("Después del corte")).status).toBe(200);
      // The refused message, held by the SDK during the outage, was removed right behind it: guests never see it.
      const stored = (await getDatabase(app).ref(GUESTBOOK_PATH).get()).val() as Record<string, { message: string }>;
      const messages = Object.values(stored ?? {}).map((entry) => entry.message);
      expect(messages).toContain("Después del corte");
      expect(messages).not.toContain("Durante el corte");
      outage.survived(
        "503 with Retry-After while down; after the restart a post is saved and the refused one never shown",
      );
    } finally {
      await bff.close();
    }
  }, 120_000);

  it("should end open live streams and exit promptly on SIGTERM", async () => {
    const bffPort = await freePort();
    const [node, args] = typescriptCommand("server/src/main.ts");
    const bff = spawnManaged(node, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: String(bffPort), HOST: "127.0.0.1", NODE_ENV: "production", LOG_LEVEL: "warn" },
      logFile: path.join(logDir, "bff.log"),
    });
    const url = `http://127.0.0.1:${bffPort}`;
    try {
      await waitUntilReady("The BFF", bff, () => httpOk(`${url}/healthz`), { timeoutMs: 30_000 });
      const pages = [openFeed(url), openFeed(url)];
      for (const page of pages) await expect.poll(() => page.events.length).toBeGreaterThan(0);

      const shutdown = injectFault("SIGTERM to the BFF with 2 open live streams");
      bff.child.kill("SIGTERM");
      // A bound for "it hung", not a timing: without ending the streams, the process never exits on its own.
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        bff.exited,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("the BFF did not exit within 20 s of SIGTERM")), 20_000);
        }),
      ]);
      clearTimeout(timer);
      expect(code).toBe(0);
      // Each page saw its stream end (and would now reconnect to another instance).
      for (const page of pages) {
        await expect.poll(() => page.errors()).toBeGreaterThan(0);
        page.source.close();
      }
      shutdown.survived("exited with code 0 and ended both streams, so the pages reconnect elsewhere");
    } finally {
      await bff.stop();
    }
  }, 60_000);
});
