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
    const busy = await fetch(`${base}/trpc/switches.get`);
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

describe("load shedding on a blocked event loop", () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    const bff = createInMemoryServices({ content: exampleContent() });
    app = await buildServer({
      services: bff.services,
      resolveViewer: bff.viewerForToken,
      checkFirestore: async () => {},
      // The production trigger (event-loop delay), with a threshold a blocked loop crosses at once and a machine
      // merely busy with other work (scheduling delays of tens of milliseconds) never reaches.
      loadShedding: { maxEventLoopDelay: 300, sampleInterval: 50 },
    });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app.close();
  });

  /** Work that never yields: the loop answers nothing while it runs. */
  const spin = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {}
  };

  it("should turn requests away with 503 while the event loop is blocked, keep /healthz alive, and recover", async () => {
    // Calm first (start-up itself can hold the loop past so small a threshold).
    await expect.poll(async () => (await fetch(`${base}/trpc/site.content`)).status, { timeout: 20_000 }).toBe(200);
    const blocked = injectFault("event loop blocked by busy loops of 1 s, over and over (threshold 300 ms)");
    // Blocks of a second with barely a gap: every sample sees the loop late, as under a burst of CPU-bound work.
    const blocker = setInterval(() => spin(1000), 1);
    let healthz: number[] = [];
    try {
      await expect
        .poll(async () => (await fetch(`${base}/trpc/site.content`)).status, { timeout: 20_000, interval: 10 })
        .toBe(503);
      let refused: Response | undefined;
      await expect
        .poll(
          async () => {
            refused = await fetch(`${base}/trpc/switches.get`);
            return refused.status;
          },
          { timeout: 20_000, interval: 10 },
        )
        .toBe(503);
      expect(refused?.headers.get("retry-after")).toBe("5");
      healthz = await Promise.all([1, 2, 3].map(async () => (await fetch(`${base}/healthz`)).status));
    } finally {
      clearInterval(blocker);
    }
    expect(healthz).toEqual([200, 200, 200]);
    // Once the work is done the BFF answers again by itself.
    await expect.poll(async () => (await fetch(`${base}/trpc/site.content`)).status, { timeout: 20_000 }).toBe(200);
    blocked.survived("503 with Retry-After while the loop was blocked, /healthz 200 throughout, 200 again after");
  }, 60_000);
});
