// Firestore stopped under a running BFF: the BFF as it runs in production (server/src/main.ts in its own process),
// over a Firestore emulator started for this file, which the test stops and starts again. While it is down, guests
// still get the page (content is served from memory), an answer gets 503 with Retry-After and a plain message (never
// a hang, never a 500 with internals), and /readyz says not ready; once it is back, with its data as a real project's
// comes back, everything works again for the same signed-in guest.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { exportFirestoreData, startFirestoreEmulator } from "@boda/emulators/firestore";
import type { RunningEmulator } from "@boda/emulators/types";
import { declineEverything, signInWithInvite } from "@boda/kit/bff-client";
import { freePort } from "@boda/kit/ports";
import { httpOk, type ManagedProcess, spawnManaged, typescriptCommand, waitUntilReady } from "@boda/kit/processes";
import { REPO_ROOT } from "@boda/kit/repo";
import { call } from "@boda/server/client/trpc-over-http";
import type { InvitationView } from "@boda/server/contract/site-view";
import { injectFault } from "@boda/server/test/hardening-ledger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent, seedDemoInvites } from "./stack";

/** The couple's own commands against this file's Firestore: the example wedding and its guest list. */
async function seedWedding(env: NodeJS.ProcessEnv, invitesDir: string): Promise<string> {
  await seedDemoContent(env);
  const [invite] = await seedDemoInvites(env, "http://127.0.0.1", invitesDir);
  if (!invite) throw new Error("The example guest list invited nobody.");
  return invite.code;
}

/** A bound for "it hung", not a timing: a request to a BFF that waits on a dead Firestore would never come back. */
const HANG_LIMIT_MS = 20_000;
const bounded = (url: string | URL, init: RequestInit = {}) =>
  fetch(url, { ...init, signal: AbortSignal.timeout(HANG_LIMIT_MS) });

describe("the BFF while Firestore is stopped", () => {
  const logDir = mkdtempSync(path.join(tmpdir(), "firestore-outage-"));
  let firestorePort: number;
  let firestore: RunningEmulator;
  let bff: ManagedProcess;
  let url: string;
  /** The environment of the BFF and the seed commands: this file's Firestore, the shared Auth emulator. */
  let env: NodeJS.ProcessEnv;
  let inviteCode: string;

  const projectId = process.env.FIREBASE_PROJECT_ID ?? "demo-boda";
  const startFirestore = (seedFromExport?: string) =>
    startFirestoreEmulator({
      host: "127.0.0.1",
      port: firestorePort,
      projectId,
      rootDir: REPO_ROOT,
      logDir,
      seedFromExport,
    });

  beforeAll(async () => {
    if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST)
      throw new Error("Run through `pnpm test` (the emulators must be running).");
    firestorePort = await freePort();
    firestore = await startFirestore();
    env = { ...process.env, FIRESTORE_EMULATOR_HOST: `127.0.0.1:${firestorePort}` };
    inviteCode = await seedWedding(env, logDir);

    const bffPort = await freePort();
    const [node, args] = typescriptCommand("server/src/main.ts");
    bff = spawnManaged(node, args, {
      cwd: REPO_ROOT,
      env: { ...env, PORT: String(bffPort), HOST: "127.0.0.1" },
      logFile: path.join(logDir, "bff.log"),
    });
    url = `http://127.0.0.1:${bffPort}/`;
    await waitUntilReady("The BFF", bff, () => httpOk(`${url}readyz`), { timeoutMs: 30_000 });
  }, 120_000);

  afterAll(async () => {
    await bff?.stop();
    await firestore?.stop();
  });

  it("should answer 503 with Retry-After while Firestore is stopped, say not ready, and recover when it is back", async () => {
    const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST as string;
    const token = await signInWithInvite(url, inviteCode, authHost);
    const invitation = await call<InvitationView>(url, "invitations.mine", { token });
    expect(invitation.status).toBe(200);
    const answer = (revision: number) =>
      call(url, "rsvp.submit", {
        input: declineEverything(invitation.body.result?.data as InvitationView, revision),
        token,
        mutation: true,
      });
    expect((await answer(0)).status).toBe(200);

    // The emulator forgets everything when it stops; a real project does not. Keep the data to bring it back with.
    const saved = await exportFirestoreData(firestore, projectId, path.join(logDir, "export"));
    const outage = injectFault("Firestore stopped under a running BFF, then started again with its data");
    await firestore.stop();

    // Not ready: a load balancer stops sending guests here.
    const readiness = await bounded(`${url}readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ status: "unavailable" });

    // An answer cannot be saved: the guest is told to send it again shortly, in words, without internals.
    const refused = await answer(1);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.body.error?.data.reason).toBe("unavailable");
    expect(refused.body.error?.message).not.toMatch(/grpc|UNAVAILABLE|ECONNREFUSED|at \w+ \(|\.ts:\d+/i);

    // The household's invitation carries its stored answer, read from Firestore: the same refusal, not a hang.
    const mine = await call(url, "invitations.mine", { token });
    expect(mine.status).toBe(503);
    expect(mine.headers["retry-after"]).toBeDefined();

    // The page itself is served from memory: guests still see the program and the places.
    const site = await bounded(`${url}trpc/site.content`);
    expect(site.status).toBe(200);

    // Firestore comes back with its data. The BFF's clients reconnect on their own back-off (the Firestore SDK
    // waits up to a minute between attempts), so readiness is a bound for "never came back", not a timing.
    firestore = await startFirestore(saved);
    await expect
      .poll(async () => (await bounded(`${url}readyz`)).status, { timeout: 90_000, interval: 1000 })
      .toBe(200);
    // The same signed-in guest, with the same session: the answer from before the outage is still there, and a
    // new one is saved on top of it.
    const after = await call<InvitationView>(url, "invitations.mine", { token });
    expect(after.status).toBe(200);
    expect(after.body.result?.data.rsvp?.revision).toBe(1);
    const changed = await answer(1);
    expect(changed.status).toBe(200);
    outage.survived("ready again; the pre-outage answer was read back and a new answer saved with the same session");
  }, 240_000);
});
