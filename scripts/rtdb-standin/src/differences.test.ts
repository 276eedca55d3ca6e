// Stand-in specific: pins the differences from the official emulator listed in docs/realtime-database.md that have
// no other test, so changing one of them fails here and the table gets updated with it.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startRtdbStandin } from "./server";
import { baseUrl, Clients, freshNamespace, loadRules, PROJECT_ID, type Target } from "./testkit";
import { fromJson, hashNode } from "./tree";

// This suite tests the stand-in itself, on servers it starts; the SDKs would otherwise send every connection to
// the shared emulator that FIREBASE_DATABASE_EMULATOR_HOST names (it overrides the databaseURL's host).
delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;

const PEOPLE = { ann: { age: 31 }, bob: { age: 25 }, cat: { age: 40 } };

let target: Target;
let clients: Clients;

beforeAll(async () => {
  target = await startRtdbStandin({ host: "127.0.0.1", port: 0, projectId: PROJECT_ID });
  clients = new Clients(target, freshNamespace());
  await loadRules(target, clients.namespace, { rules: { ".read": true, ".write": true } });
  await clients.admin().ref("people").set(PEOPLE);
});

afterAll(async () => {
  await clients?.closeAll();
  await target?.stop();
});

it("answers an unindexed query with its window, where Firebase sends the whole location for the SDK to filter", async () => {
  const raw = await clients.raw();
  const youngest = { i: "age", l: 1, vf: "l" };
  const reply = await raw.request("q", { p: "/people", q: youngest, t: 1, h: "" });
  expect(reply).toEqual({ s: "ok", d: { w: ["no_index"] } });
  const data = await raw.next((frame) => (frame.d as { a?: string }).a === "d");
  expect((data.d as { b: { d: unknown } }).b.d).toEqual({ bob: { age: 25 } });
});

it("sends the data of a listen even when the client's hash says it already has it", async () => {
  const raw = await clients.raw();
  const reply = await raw.request("q", { p: "/people", h: hashNode(fromJson(PEOPLE)) });
  expect(reply.s).toBe("ok");
  const data = await raw.next((frame) => (frame.d as { a?: string }).a === "d");
  expect((data.d as { b: { d: unknown } }).b.d).toEqual(PEOPLE);
});

it("answers a streaming REST read with plain JSON, and has no rules-coverage endpoint", async () => {
  const query = `ns=${clients.namespace}`;
  const streamed = await fetch(`${baseUrl(target)}/people.json?${query}`, { headers: { Accept: "text/event-stream" } });
  expect(streamed.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await streamed.json()).toEqual(PEOPLE);
  const coverage = await fetch(`${baseUrl(target)}/.inspect/coverage?${query}`);
  expect(coverage.status).toBe(404);
});
