// Nothing internal leaks: every error answer the BFF gives that a test can provoke, over real HTTP, is searched for
// stack traces, gRPC codes, file paths and exception text. The details go to the log under the request id.
import http from "node:http";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import { MAX_BODY_BYTES } from "../contract/request-limits";
import { exampleContent } from "../test/emulators";
import { createInMemoryServices } from "../test/in-memory-services";
import { testHousehold } from "../test/services";

/** What an unreachable Firestore throws: gRPC's status 14, with a stack through the SDK's files. */
function firestoreUnavailable(): Error {
  const error = Object.assign(
    new Error("14 UNAVAILABLE: No connection established. Last error: connect ECONNREFUSED 127.0.0.1:8080"),
    { code: 14, details: "No connection established" },
  );
  error.stack = `Error: ${error.message}\n    at callErrorFromStatus (/app/server/node_modules/@grpc/grpc-js/build/src/call.js:19:19)\n    at pingFirestore (/work/server/src/firebase/firestore-health.ts:10:5)`;
  return error;
}

const LEAKS: Array<[string, RegExp]> = [
  ["a stack frame", /\bat [\w.<>]+ \(|\n\s+at /],
  ["a gRPC code", /UNAVAILABLE|DEADLINE_EXCEEDED|\b14 /],
  ["a file path", /\.ts:|\.js:\d|\/src\/|node_modules/],
  ["exception text", /Error:|ECONNREFUSED/],
];

interface Seen {
  what: string;
  status: number;
  text: string;
}

function send(base: string, path: string, init: RequestInit = {}): Promise<{ status: number; text: string }> {
  return fetch(`${base}${path}`, init).then(async (response) => ({
    status: response.status,
    text: `${[...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n")}\n\n${await response.text()}`,
  }));
}

describe("nothing internal in error answers", () => {
  const garcia = testHousehold("garcia-leaks");
  const lines: string[] = [];
  let app: FastifyInstance;
  let busy: FastifyInstance;
  let base: string;
  let busyBase: string;
  let bff: ReturnType<typeof createInMemoryServices>;
  const seen: Seen[] = [];
  const look = async (what: string, answer: Promise<{ status: number; text: string }>) => {
    const { status, text } = await answer;
    seen.push({ what, status, text });
    return status;
  };

  beforeAll(async () => {
    bff = createInMemoryServices({
      content: exampleContent(),
      households: [garcia],
      redeemLimits: { perAddress: { attempts: 1, windowSeconds: 600 }, global: { attempts: 100, windowSeconds: 600 } },
      failFirst: { content: "broken" },
    });
    app = await buildServer({
      services: bff.services,
      resolveViewer: bff.viewerForToken,
      checkFirestore: async () => {
        throw firestoreUnavailable();
      },
      queryFastPath: false,
      liveStreamLimits: { perAddress: 1, perHousehold: 1, perInstance: 10 },
      logger: pino({ level: "info" }, { write: (line: string) => void lines.push(line) }),
    });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
    const other = createInMemoryServices({ content: exampleContent() });
    busy = await buildServer({
      services: other.services,
      resolveViewer: other.viewerForToken,
      checkFirestore: async () => {},
      loadShedding: { maxHeapUsedBytes: 1, sampleInterval: 5 },
    });
    busyBase = await busy.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await busy.close();
  });

  it("should say nothing about internals in any error answer it gives", async () => {
    expect(await look("/readyz with Firestore down", send(base, "/readyz"))).toBe(503);
    expect(await look("an unexpected failure (500)", send(base, "/trpc/site.content"))).toBe(500);
    const badInput = encodeURIComponent(JSON.stringify({ code: 5 }));
    expect(await look("bad input", send(base, `/trpc/invitations.redeem?input=${badInput}`, {}))).toBeGreaterThan(399);
    expect(
      await look(
        "bad input (mutation)",
        send(base, "/trpc/invitations.redeem", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ code: { $gt: "" } }),
        }),
      ),
    ).toBe(400);
    expect(
      await look(
        "malformed JSON",
        send(base, "/trpc/invitations.redeem", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: '{"code":',
        }),
      ),
    ).toBe(400);
    expect(await look("an unauthorized call", send(base, "/trpc/rsvp.overview"))).toBe(401);
    expect(
      await look(
        "a forged token",
        send(base, "/trpc/invitations.mine", { headers: { authorization: "Bearer forged.token.value" } }),
      ),
    ).toBe(401);
    expect(
      await look(
        "an oversize body",
        send(base, "/trpc/invitations.redeem", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ code: "x".repeat(MAX_BODY_BYTES + 10) }),
        }),
      ),
    ).toBe(413);
    expect(await look("an unknown route", send(base, "/wp-admin/setup.php"))).toBe(404);
    expect(await look("an unknown procedure", send(base, "/trpc/site.nope"))).toBe(404);
    const redeem = () =>
      send(base, "/trpc/invitations.redeem", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: "WXYZWXYZWXYZWXYZ" }),
      });
    await redeem();
    expect(await look("a 429 (invitation guesses)", redeem())).toBe(429);
    const held = await new Promise<http.ClientRequest>((resolve) => {
      const request = http.get(`${base}/trpc/live.feed`, () => resolve(request));
    });
    expect(await look("a 429 (live streams)", send(base, "/trpc/live.feed"))).toBe(429);
    held.destroy();
    await expect.poll(async () => (await fetch(`${busyBase}/trpc/site.content`)).status).toBe(503);
    expect(await look("a 503 from load shedding", send(busyBase, "/trpc/site.content"))).toBe(503);

    const leaks = seen.flatMap(({ what, status, text }) =>
      LEAKS.filter(([, pattern]) => pattern.test(text)).map(([kind]) => `${what} (${status}) shows ${kind}: ${text}`),
    );
    expect(leaks).toEqual([]);
    // The sweep can fail: the same patterns find the error the readiness check threw.
    expect(LEAKS.every(([, pattern]) => pattern.test(String(firestoreUnavailable().stack)))).toBe(true);
  });

  it("should log why /readyz said unavailable, under the request id", async () => {
    const response = await fetch(`${base}/readyz`);
    const id = response.headers.get("x-request-id");
    const line = lines.map((each) => JSON.parse(each)).find((each) => each.reqId === id && each.err);
    expect(line?.msg).toBe("not ready: Firestore unreachable");
    expect(line?.err.message).toContain("14 UNAVAILABLE");
  });
});
