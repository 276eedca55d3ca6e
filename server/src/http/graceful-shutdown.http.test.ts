// Stopping the BFF with requests in flight, over real HTTP and the same shutdown main.ts runs on SIGTERM: an answer
// being saved still gets its reply, open live streams are ended, new connections are refused, then it exits; and
// when a request never finishes, it exits anyway at the limit. (The signal itself, on the real process:
// scripts/stack/src/live-day.resilience.test.ts.)
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import type { RsvpInput } from "../contract/rsvp";
import type { Resource } from "../plugins/resource";
import { exampleContent } from "../test/emulators";
import { injectFault } from "../test/hardening-ledger";
import { createInMemoryServices } from "../test/in-memory-services";
import { testHousehold } from "../test/services";
import { gracefulShutdown } from "./graceful-shutdown";

const household = testHousehold("garcia-cierre");
const allNo = { "cena-ensayo": false, ceremonia: false, banquete: false, fiesta: false };
const answer: RsvpInput = {
  people: [
    { personId: "carmen", attending: { ...allNo, ceremonia: true }, dietary: [] },
    { personId: "antonio", attending: allNo, dietary: [] },
    { personId: "pablo", attending: allNo, dietary: [] },
  ],
  answers: {},
  expectedRevision: 0,
};

async function startBff(resources: Resource[] = []) {
  const bff = createInMemoryServices({
    content: exampleContent(),
    households: [household],
    now: () => new Date("2027-04-30T10:00:00Z"),
  });
  const app = await buildServer({
    services: bff.services,
    resolveViewer: bff.viewerForToken,
    checkFirestore: async () => {},
    endLiveStreams: bff.shutdown,
    resources,
  });
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  return { bff, app, base };
}

/** An open page's live stream: resolves `ended` when the server ends it. */
async function openLiveStream(base: string) {
  const response = await fetch(`${base}/trpc/live.feed`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toContain("data:");
  const ended = (async () => {
    for (;;) if ((await reader.read()).done) return true;
  })();
  return { ended };
}

describe("stopping the BFF (SIGTERM)", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it("should finish an answer in flight and end open live streams, refuse new connections, then exit with 0", async () => {
    const released = { called: false };
    const started = await startBff([
      {
        name: "a listener",
        close: () => {
          released.called = true;
        },
      },
    ]);
    app = started.app;
    const { bff, base } = started;
    const stream = await openLiveStream(base);
    const saving = bff.holdNext("rsvp.save");
    const submitted = fetch(`${base}/trpc/rsvp.submit`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${bff.tokenFor(household)}` },
      body: JSON.stringify(answer),
    });
    await saving.arrived;

    const shutdown = injectFault("SIGTERM to the BFF with an answer being saved and a live stream open");
    const exits: number[] = [];
    const shuttingDown = gracefulShutdown(app, {
      limitMs: 30_000,
      exit: (code) => exits.push(code),
    })("SIGTERM");

    await expect(stream.ended).resolves.toBe(true);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    // Nothing is released while the answer is still being saved.
    expect(released.called).toBe(false);
    expect(exits).toEqual([]);

    saving.release();
    const response = await submitted;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { data: unknown } }).result.data).toMatchObject({
      householdKey: household.key,
      revision: 1,
    });
    await shuttingDown;
    expect(released.called).toBe(true);
    expect(exits).toEqual([0]);
    expect(bff.answerOf(household.key)?.revision).toBe(1);
    shutdown.survived("the answer in flight was saved, the stream ended, new connections refused, exit code 0");
  });

  it("should exit with 1 at the limit when a request never finishes, rather than wait to be killed", async () => {
    const started = await startBff();
    app = started.app;
    const { bff, base } = started;
    const saving = bff.holdNext("rsvp.save");
    void fetch(`${base}/trpc/rsvp.submit`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${bff.tokenFor(household)}` },
      body: JSON.stringify(answer),
    }).catch(() => {});
    await saving.arrived;

    const stuck = injectFault("SIGTERM to the BFF while a request never finishes");
    const exited = new Promise<number>((resolve) => {
      void gracefulShutdown(started.app, { limitMs: 200, exit: resolve })("SIGTERM");
    });
    await expect(exited).resolves.toBe(1);
    stuck.survived("exited with code 1 at the limit instead of hanging until killed");
    saving.release();
  });
});
