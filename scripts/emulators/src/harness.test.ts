// The harness's failure paths: a busy port, no Java, no emulator — each exits non-zero naming the cause and
// the fix, and leaves nothing running.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@boda/kit/ports";
import { type CollectedRun, runCollecting, typescriptCommand } from "@boda/kit/processes";
import { REPO_ROOT } from "@boda/kit/repo";
import { afterEach, describe, expect, it } from "vitest";
import { findFirestoreJar } from "./firestore";

const [NODE, CLI_ARGS] = typescriptCommand("scripts/emulators/src/cli.ts");

/** Runs `pnpm emulators` (configured ports) with the given environment until it exits on its own. */
function runEmulatorsCli(env: NodeJS.ProcessEnv): Promise<CollectedRun> {
  return runCollecting(NODE, CLI_ARGS, { env: { ...process.env, ...env } });
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function distinctFreePorts(): Promise<{ auth: number; firestore: number; database: number }> {
  const ports = new Set<number>();
  while (ports.size < 3) ports.add(await freePort());
  const [auth, firestore, database] = [...ports] as [number, number, number];
  return { auth, firestore, database };
}

function portEnv(ports: { auth: number; firestore: number; database: number }): NodeJS.ProcessEnv {
  return {
    AUTH_EMULATOR_PORT: String(ports.auth),
    FIRESTORE_EMULATOR_PORT: String(ports.firestore),
    DATABASE_EMULATOR_PORT: String(ports.database),
  };
}

describe("emulator harness failures", () => {
  let blocker: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (blocker ? blocker.close(resolve) : resolve(undefined)));
    blocker = undefined;
  });

  it("should name the busy port and how to free or change it, and start nothing", async () => {
    const ports = await distinctFreePorts();
    blocker = createServer();
    await new Promise<void>((resolve) => blocker?.listen(ports.firestore, "127.0.0.1", resolve));

    const { code, output } = await runEmulatorsCli(portEnv(ports));

    expect(code).not.toBe(0);
    expect(output).toContain(
      `Port ${ports.firestore} on 127.0.0.1, wanted by the firestore emulator, is already in use`,
    );
    expect(output).toContain("FIRESTORE_EMULATOR_PORT=<port>");
    expect(await isListening(ports.auth)).toBe(false);
    expect(await isListening(ports.database)).toBe(false);
  });

  it("should say Java is missing and how to install it, and stop the emulators that did start", async () => {
    const ports = await distinctFreePorts();

    const { code, output } = await runEmulatorsCli({ ...portEnv(ports), JAVA: "/nonexistent/java" });

    expect(code).not.toBe(0);
    expect(output).toContain("The Cloud Firestore emulator needs Java 11 or newer");
    expect(output).toContain("apt-get install -y openjdk-17-jre-headless");
    expect(output).toContain("everything started has been stopped");
    expect(await isListening(ports.auth)).toBe(false);
    expect(await isListening(ports.database)).toBe(false);
  });

  it("should say where a configured emulator JAR was expected when it is not there", async () => {
    const ports = await distinctFreePorts();

    const { code, output } = await runEmulatorsCli({
      ...portEnv(ports),
      FIRESTORE_EMULATOR_JAR: "/nonexistent/firestore.jar",
    });

    expect(code).not.toBe(0);
    expect(output).toContain("FIRESTORE_EMULATOR_JAR points at /nonexistent/firestore.jar, which does not exist.");
    expect(await isListening(ports.auth)).toBe(false);
  });

  it("should find no Firestore emulator where none is installed", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "no-emulators-"));
    expect(findFirestoreJar({}, { sdkRoots: [empty], home: empty })).toBeUndefined();
  });

  it("should leave no emulator running when the harness itself is killed with SIGKILL", async () => {
    const ports = await distinctFreePorts();
    const child = spawn(NODE, CLI_ARGS, { cwd: REPO_ROOT, env: { ...process.env, ...portEnv(ports) } });
    let output = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        output += chunk;
        if (output.includes("Emulators ready")) resolve();
      });
      child.on("exit", () => reject(new Error(`the harness exited before it was ready:\n${output}`)));
    });
    expect(await isListening(ports.firestore)).toBe(true);

    child.kill("SIGKILL");

    // The children carry a parent-death signal; the kernel delivers it as soon as the harness dies.
    await expect.poll(() => isListening(ports.firestore), { timeout: 20_000 }).toBe(false);
    await expect.poll(() => isListening(ports.auth), { timeout: 20_000 }).toBe(false);
    await expect.poll(() => isListening(ports.database), { timeout: 20_000 }).toBe(false);
  });
});
