// What the BFF logs per request: no line for an ordinary request, a warning for a slow one, errors always.
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import { exampleContent } from "../test/emulators";
import { createInMemoryServices } from "../test/in-memory-services";
import { UNEXPECTED_FAILURE_MESSAGE } from "../trpc";

/**
 * A call the query fast path leaves to tRPC (a batch), so a dependency failing once fails the procedure itself; the
 * fast path would take that one failure and leave the request to tRPC, which then succeeds.
 */
const THROUGH_TRPC = "/trpc/locations.list?batch=1&input=%7B%7D";

async function loggedServer(slowRequestMs?: number) {
  const lines: Array<{ level: number; msg: string; reqId?: string }> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const bff = createInMemoryServices({ content: exampleContent() });
  const app = await buildServer({
    services: bff.services,
    resolveViewer: bff.viewerForToken,
    checkFirestore: async () => {},
    logger,
    slowRequestMs,
  });
  return { app, bff, lines };
}

describe("request logging", () => {
  it("should write nothing for ordinary requests", async () => {
    const { app, lines } = await loggedServer();
    for (const url of ["/healthz", "/trpc/site.content", "/trpc/switches.get", "/trpc/locations.list", THROUGH_TRPC]) {
      expect((await app.inject({ url })).statusCode).toBe(200);
    }
    expect(lines).toEqual([]);
    await app.close();
  });

  it("should warn about requests slower than the threshold, with the request id", async () => {
    const { app, lines } = await loggedServer(0);
    const response = await app.inject({ url: "/healthz" });
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: "slow request", reqId: response.headers["x-request-id"] }),
    ]);
    await app.close();
  });

  it("should log a failing procedure as an error", async () => {
    const { app, bff, lines } = await loggedServer();
    bff.failNext("content", "broken");
    expect((await app.inject({ url: THROUGH_TRPC })).statusCode).toBe(500);
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: "procedure failed" })]);
    await app.close();
  });

  it("should never tell the browser what an unexpected failure was, only the log", async () => {
    const { app, bff, lines } = await loggedServer();
    bff.failNext("content", "broken");
    const response = await app.inject({ url: THROUGH_TRPC });
    expect(response.statusCode).toBe(500);
    const [body] = response.json();
    expect(body.error.message).toBe(UNEXPECTED_FAILURE_MESSAGE);
    expect(response.body).not.toContain("broke (test)");
    // The developer still finds what happened, under the request id the browser received.
    expect(JSON.stringify(lines)).toContain("content broke (test)");
    expect(lines[0]).toMatchObject({ reqId: response.headers["x-request-id"] });
    await app.close();
  });
});
