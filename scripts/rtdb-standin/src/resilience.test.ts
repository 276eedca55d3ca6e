// Resilience: a stand-in is stopped and a new one started on the same port (tree carried over through
// export/import); a firebase-admin listener reconnects by itself and receives a write made after the restart.
import type { DataSnapshot } from "firebase-admin/database";
import { afterAll, expect, it } from "vitest";
import { startRtdbStandin } from "./server";
import { Clients, freshNamespace, PROJECT_ID, rest, type Target } from "./testkit";

// This suite tests the stand-in itself, on servers it starts; the SDKs would otherwise send every connection to
// the shared emulator that FIREBASE_DATABASE_EMULATOR_HOST names (it overrides the databaseURL's host).
delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;

const servers: Target[] = [];
const clientSets: Clients[] = [];

afterAll(async () => {
  await Promise.all(clientSets.map((clients) => clients.closeAll()));
  await Promise.all(servers.map((server) => server.stop()));
});

it("keeps a listener working across a server restart on the same port", { timeout: 120_000 }, async () => {
  const first = await startRtdbStandin({ host: "127.0.0.1", port: 0, projectId: PROJECT_ID });
  servers.push(first);
  const namespace = freshNamespace();
  const listening = new Clients(first, namespace);
  clientSets.push(listening);
  const listener = listening.admin();
  await listener.ref("live/status").set("ceremony");

  const seen: unknown[] = [];
  let onValue: (value: unknown) => void = () => {};
  listener.ref("live/status").on("value", (snapshot: DataSnapshot) => {
    seen.push(snapshot.val());
    onValue(snapshot.val());
  });
  const valueIs = (expected: unknown) =>
    new Promise<void>((resolve) => {
      if (seen.includes(expected)) resolve();
      onValue = (value) => value === expected && resolve();
    });
  await valueIs("ceremony");

  const disconnected = new Promise<void>((resolve) => {
    listener.ref(".info/connected").on("value", (snapshot: DataSnapshot) => {
      if (snapshot.val() === false) resolve();
    });
  });
  const exported = await rest(first, namespace, "/.json", { token: "owner", query: "format=export" });
  await first.stop();
  await disconnected;

  const second = await startRtdbStandin({ host: "127.0.0.1", port: first.port, projectId: PROJECT_ID });
  servers.push(second);
  expect(second.port).toBe(first.port);
  await rest(second, namespace, "/.json", { method: "PUT", token: "owner", body: exported.body });

  const writing = new Clients(second, namespace);
  clientSets.push(writing);
  const arrived = valueIs("party");
  await writing.admin().ref("live/status").set("party");
  await arrived;
  expect(seen.at(-1)).toBe("party");
  expect((await listener.ref("live/status").get()).val()).toBe("party");
});
