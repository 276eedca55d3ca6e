// Overload, forced deterministically: a heap limit of one byte means "overloaded" from the first sample on. The BFF
// then turns requests away at once with 503 and Retry-After, while /healthz still says the process is alive.

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import { exampleContent } from "../test/emulators";
import { injectFault } from "../test/hardening-ledger";
import { createInMemoryServices } from "../test/in-memory-services";

describe("load shedding", () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    const bff = createInMemoryServices({ content: exampleContent() });
    app = await buildServer({
      services: bff.services,
      resolveViewer: bff.viewerForToken,
      checkFirestore: async () => {},
      loadShedding: { maxHeapUsedBytes: 1, sampleInterval: 5 },
    });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app.close();
  });

  it("should answer 503 with Retry-After and a message under pressure, and keep /healthz alive", async () => {
    const pressure = injectFault("memory pressure past the BFF's limit (heap limit forced to 1 byte)");
    await expect.poll(async () => (await fetch(`${base}/trpc/site.content`)).status).toBe(503);
    const busy = await fetch(`${base}/trpc/config.get`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("5");
    expect(await busy.json()).toEqual({
      error: "Service Unavailable",
      message: "The site is very busy right now; try again in 5 seconds.",
    });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    pressure.survived("requests turned away at once with 503, Retry-After and a message; /healthz still 200");
  });
});
