// Stand-in specific: the browser SDK's long-polling transport gets an immediate, explicit refusal naming the fix
// (forceWebSockets) instead of a request that hangs. The official emulator implements long polling.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startRtdbStandin } from "./server";
import { baseUrl, freshNamespace, PROJECT_ID, type Target } from "./testkit";

let target: Target;

beforeAll(async () => {
  target = await startRtdbStandin({ host: "127.0.0.1", port: 0, projectId: PROJECT_ID });
});

afterAll(async () => {
  await target?.stop();
});

it("answers a long-polling request at once with 501 and how to force WebSockets", async () => {
  // The first request BrowserPollConnection makes: /.lp?start=t&ser=…&cb=…&v=5&ns=…
  const response = await fetch(`${baseUrl(target)}/.lp?start=t&ser=81211&cb=1&v=5&ns=${freshNamespace()}`, {
    signal: AbortSignal.timeout(5_000),
  });
  expect(response.status).toBe(501);
  expect(((await response.json()) as { error: string }).error).toMatch(
    /does not implement long polling.*forceWebSockets\(\)/,
  );
});
