// The BFF over real HTTP on a free port: health, readiness, tRPC success and the shape of its errors.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "./build-server";
import { pingFirestore } from "./firebase/firestore-health";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "./test/emulators";
import { testBff } from "./test/services";

describe("BFF over HTTP", () => {
  let db: TestFirestore;
  let bff: ReturnType<typeof testBff>;
  let app: FastifyInstance;
  let base: string;
  let firestoreUp = true;

  beforeAll(async () => {
    db = isolatedFirestore("http");
    await publishContent(db.firestore, exampleContent(), 7);
    bff = testBff(db);
    app = await buildServer({
      ...bff,
      checkFirestore: () =>
        firestoreUp ? pingFirestore(db.firestore) : Promise.reject(new Error("connection refused")),
    });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it("should answer /healthz while the process is alive", async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("should answer /readyz with 200 when Firestore is reachable and a bare 503 when not", async () => {
    // Ready once the content listener has delivered the first snapshot.
    await expect.poll(async () => (await fetch(`${base}/readyz`)).status).toBe(200);
    firestoreUp = false;
    const down = await fetch(`${base}/readyz`);
    firestoreUp = true;
    expect(down.status).toBe(503);
    // The cause goes to the log, never to the public.
    expect(await down.json()).toEqual({ status: "unavailable" });
  });

  it("should serve the seeded content through tRPC with a request id", async () => {
    const response = await fetch(`${base}/trpc/site.content`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await response.json()) as { result: { data: { couple: { names: string[] }; version: number } } };
    expect(body.result.data.couple.names).toEqual(["Lucía", "Mateo"]);
    expect(body.result.data.version).toBe(7);
  });

  it("should answer an unknown procedure with 404 and a JSON error", async () => {
    const response = await fetch(`${base}/trpc/site.nope`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { message: string; data: { code: string } } };
    expect(body.error.data.code).toBe("NOT_FOUND");
    expect(body.error.message).toContain("site.nope");
  });

  it("should answer malformed input with 400 naming the field and the rule broken", async () => {
    const input = encodeURIComponent(JSON.stringify({ eventId: "Ceremonia Civil" }));
    const response = await fetch(`${base}/trpc/locations.list?input=${input}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { data: { code: string; issues: unknown[]; stack?: string } } };
    expect(body.error.data.code).toBe("BAD_REQUEST");
    expect(body.error.data.issues).toEqual([
      { path: "eventId", message: 'must be a lowercase slug such as "finca-los-olivos" (a-z, 0-9 and single dashes)' },
    ]);
    expect(body.error.data.stack).toBeUndefined();
  });

  it("should reject unknown fields instead of ignoring them", async () => {
    const input = encodeURIComponent(JSON.stringify({ evento: "ceremonia" }));
    const response = await fetch(`${base}/trpc/locations.list?input=${input}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { data: { issues: Array<{ path: string; message: string }> } } };
    expect(body.error.data.issues[0]?.message).toContain("evento");
  });

  it("should answer unparsable input with 400", async () => {
    const response = await fetch(`${base}/trpc/locations.list?input=%7Bnot-json`);
    expect(response.status).toBe(400);
  });

  it("should answer other unknown URLs with a JSON 404", async () => {
    const response = await fetch(`${base}/wp-admin`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not Found", message: "Nothing is served at GET /wp-admin." });
  });
});
