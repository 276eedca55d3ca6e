// Closing the BFF built exactly as main.ts builds it (server-from-env.ts), on the emulators: `app.close()` alone
// releases the Firebase app, the Firestore mirrors and the live hub, and a resource that never finishes closing is
// logged and left behind at its limit instead of holding the shutdown up.
import { getApps } from "firebase-admin/app";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { parseServerEnv } from "./env";
import { gracefulShutdown } from "./http/graceful-shutdown";
import { closesWithApp, type Resource } from "./plugins/resource";
import { serverFromEnv } from "./server-from-env";
import { requireEmulators } from "./test/emulators";

interface LogLine {
  level: number;
  msg: string;
  resource?: string;
}

/** The BFF as the process runs it, on the emulators, with its log lines kept. */
async function startBff(label: string, options: { resourceCloseLimitMs?: number; alsoHolding?: Resource } = {}) {
  requireEmulators();
  const lines: LogLine[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const firebaseAppName = `${label}-${Math.random().toString(36).slice(2, 8)}`;
  const env = parseServerEnv({ ...process.env, LOG_LEVEL: "info" });
  const { resourceCloseLimitMs, alsoHolding } = options;
  const app = await serverFromEnv({ env, processEnv: process.env, logger, firebaseAppName, resourceCloseLimitMs });
  if (alsoHolding) await app.register(closesWithApp(alsoHolding, resourceCloseLimitMs));
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const firebaseAppOpen = () => getApps().some((each) => each.name === firebaseAppName);
  /** The resources the log says were closed, in the order they were. */
  const closed = () => lines.filter((line) => line.msg.startsWith("closed ")).map((line) => line.resource);
  return { app, base, lines, firebaseAppOpen, closed };
}

describe("closing the BFF built as main.ts builds it", () => {
  it("should release the Firebase app, the Firestore mirrors and the live hub on app.close() alone", async () => {
    const bff = await startBff("app-close");
    // An open page's live stream: the live hub is serving it when the server closes.
    const stream = await fetch(`${bff.base}/trpc/live.feed`);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("data:");
    const streamEnded = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    expect(bff.firebaseAppOpen()).toBe(true);

    await bff.app.close();

    expect(bff.firebaseAppOpen()).toBe(false);
    expect(bff.closed()).toEqual([
      "the shared limits",
      "the switches source",
      "the live hub",
      "the Firestore mirrors (published content, guest list)",
      // Last, once nothing that uses it is left.
      "the Firebase app",
    ]);
    await expect(streamEnded).resolves.toBe(true);
  });

  it("should leave a resource that never finishes closing behind at its limit, close the rest, and exit with 0", async () => {
    const bff = await startBff("stuck-close", {
      resourceCloseLimitMs: 100,
      alsoHolding: { name: "a stuck connection", close: () => new Promise<void>(() => {}) },
    });

    const exitCode = await new Promise<number>((exit) => {
      // The shutdown's own limit is far away: only the resource's limit can end the wait for it.
      void gracefulShutdown(bff.app, { limitMs: 60_000, exit })("SIGTERM");
    });

    expect(exitCode).toBe(0);
    expect(bff.lines).toContainEqual(
      expect.objectContaining({
        resource: "a stuck connection",
        msg: "a stuck connection did not close within 100 ms; left behind",
      }),
    );
    expect(bff.closed()).toContain("the live hub");
    expect(bff.closed()).toContain("the Firestore mirrors (published content, guest list)");
    expect(bff.firebaseAppOpen()).toBe(false);
  });
});
