// Caps on held connections, over real HTTP: live streams (server-sent events) from one address, one household and
// one instance are counted while they are open; the one over a cap gets 429 with Retry-After before it starts, and
// a stream that ends gives its place back.
import http from "node:http";
import { EventSource } from "eventsource";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import { exampleContent } from "../test/emulators";
import { checkRefusal, injectFault } from "../test/hardening-ledger";
import { createInMemoryServices } from "../test/in-memory-services";
import { testHousehold } from "../test/services";
import { LIVE_STREAM_RETRY_AFTER_SECONDS, type LiveStreamLimits } from "./live-stream-limits";

interface Stream {
  status: number;
  retryAfter?: string;
  body: string;
  /** Resolves once the server has ended the response. */
  ended: Promise<void>;
  close(): void;
}

/** Opens the live feed from local address `from`; resolves once the first event arrived, or the refusal. */
function openStream(base: string, options: { from?: string; token?: string; path?: string } = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}${options.path ?? "/trpc/live.feed"}`,
      {
        localAddress: options.from,
        headers: {
          accept: "text/event-stream",
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        let body = "";
        let settled = false;
        const ended = new Promise<void>((end) => response.on("close", end));
        const stream = (): Stream => ({
          status: response.statusCode ?? 0,
          retryAfter: response.headers["retry-after"] as string | undefined,
          body,
          ended,
          close: () => request.destroy(),
        });
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
          if (!settled && response.statusCode === 200 && body.includes('"snapshot"')) {
            settled = true;
            resolve(stream());
          }
        });
        response.on("end", () => {
          if (!settled) resolve(stream());
        });
      },
    );
    request.on("error", reject);
  });
}

describe("caps on open live streams", () => {
  const garcia = testHousehold("garcia-streams");
  let bff: ReturnType<typeof createInMemoryServices>;
  let app: FastifyInstance;
  let base: string;
  const open: Stream[] = [];
  const limits: LiveStreamLimits = { perAddress: 3, perHousehold: 2, perInstance: 8 };

  beforeAll(async () => {
    bff = createInMemoryServices({ content: exampleContent(), households: [garcia] });
    app = await buildServer({
      services: bff.services,
      resolveViewer: bff.viewerForToken,
      checkFirestore: async () => {},
      endLiveStreams: bff.endLiveStreams,
      liveStreamLimits: limits,
    });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterEach(async () => {
    for (const stream of open.splice(0)) stream.close();
    // Every place is given back before the next test starts.
    await expect
      .poll(async () => (await openAll(8, (n) => `127.0.4.${n + 1}`)).every((s) => s.status === 200))
      .toBe(true);
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    await app.close();
  });

  async function openAll(count: number, from: (n: number) => string, token?: string) {
    const streams = await Promise.all(
      Array.from({ length: count }, (_, n) => openStream(base, { from: from(n), token })),
    );
    open.push(...streams);
    return streams;
  }

  it("should refuse the stream over the per-address cap with 429 and Retry-After, and take one once another ends", async () => {
    const first = await openAll(limits.perAddress, () => "127.0.3.1");
    expect(first.map((stream) => stream.status)).toEqual([200, 200, 200]);
    const extra = await openStream(base, { from: "127.0.3.1" });
    checkRefusal({
      who: "one address holding its allowance of live streams",
      what: `live stream number ${limits.perAddress + 1}`,
      expected: `429 retry-after ${LIVE_STREAM_RETRY_AFTER_SECONDS}`,
      answer: `${extra.status} retry-after ${extra.retryAfter}`,
    });
    expect(JSON.parse(extra.body)).toEqual({
      error: "Too Many Requests",
      message: `Too many live pages open at once here; try again in ${LIVE_STREAM_RETRY_AFTER_SECONDS} seconds.`,
    });
    // Another address still gets in meanwhile.
    const neighbour = await openStream(base, { from: "127.0.3.2" });
    open.push(neighbour);
    expect(neighbour.status).toBe(200);

    // A page closes: its place is given back.
    first[0]?.close();
    await expect
      .poll(async () => {
        const again = await openStream(base, { from: "127.0.3.1" });
        open.push(again);
        return again.status;
      })
      .toBe(200);
  });

  it("should count a household's streams wherever its phones are, and not against the address", async () => {
    const token = bff.tokenFor(garcia);
    const phones = await openAll(limits.perHousehold, (n) => `127.0.5.${n + 1}`, token);
    expect(phones.map((stream) => stream.status)).toEqual([200, 200]);
    const third = await openStream(base, { from: "127.0.5.9", token });
    checkRefusal({
      who: "household garcia-streams with its allowance of live streams open",
      what: `live stream number ${limits.perHousehold + 1}, from another address`,
      expected: "429",
      answer: third.status,
    });
    // A stranger on the household's Wi-Fi is counted by address, not as the household.
    const stranger = await openStream(base, { from: "127.0.5.1" });
    open.push(stranger);
    expect(stranger.status).toBe(200);
  });

  it("should not be walked around by spelling the procedure another way", async () => {
    await openAll(limits.perAddress, () => "127.0.6.1");
    for (const path of ["/trpc/live%2Efeed", "/trpc/live.feed?input=%7B%7D"]) {
      const extra = await openStream(base, { from: "127.0.6.1", path });
      expect({ path, status: extra.status }).toEqual({ path, status: 429 });
    }
  });

  it("should hold the instance to its cap, from however many addresses", async () => {
    const streams = await openAll(limits.perInstance, (n) => `127.0.7.${n + 1}`);
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    const extra = await openStream(base, { from: "127.0.7.200" });
    checkRefusal({
      who: "a fresh address while the instance holds its cap of live streams",
      what: `live stream number ${limits.perInstance + 1} on one instance`,
      expected: "429",
      answer: extra.status,
    });
    expect(JSON.parse(extra.body).message).toContain("very busy");
    // Everything else still answers.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/trpc/site.content`)).status).toBe(200);
  });

  it("should end in an error event a page can back off from, not a stream (what the page's EventSource sees)", async () => {
    await openAll(limits.perAddress, () => "127.0.0.1");
    const source = new EventSource(`${base}/trpc/live.feed`);
    const error = await new Promise<{ code?: number }>((resolve) =>
      source.addEventListener("error", (event) => resolve(event as { code?: number })),
    );
    expect(error.code).toBe(429);
    // Closed for good: the EventSource does not hammer by itself; the page reopens it after its back-off.
    expect(source.readyState).toBe(EventSource.CLOSED);
    source.close();
  });

  it("should give every place back when the server ends the streams for a shutdown", async () => {
    const fault = injectFault("the BFF ends every open live stream (shutdown of an instance) with caps full");
    const streams = await openAll(limits.perInstance, (n) => `127.0.8.${n + 1}`);
    expect((await openStream(base, { from: "127.0.8.100" })).status).toBe(429);
    bff.endLiveStreams();
    await Promise.all(streams.map((stream) => stream.ended));
    open.splice(0);
    // afterEach opens a full instance's worth again: every place was given back.
    fault.survived("all streams ended by the server; the instance took a full set of new streams after");
  });
});
