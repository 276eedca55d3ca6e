// Where commands write: the emulators by default; a real project only with --project, --yes and credentials.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CommandError } from "@boda/kit/problems";
import { describe, expect, it } from "vitest";
import { resolveTarget } from "./target";

const EMULATORS = {
  FIRESTORE_EMULATOR_HOST: "127.0.0.1:1",
  FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:2",
  FIREBASE_DATABASE_EMULATOR_HOST: "127.0.0.1:3",
};
const noHome = { CLOUDSDK_CONFIG: "/nonexistent" };
const keyFile = path.join(mkdtempSync(path.join(os.tmpdir(), "seed-target-")), "key.json");
writeFileSync(keyFile, "{}");

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof CommandError) return error.message;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("resolveTarget", () => {
  it("uses the emulators the harness set", () => {
    const target = resolveTarget({}, { ...EMULATORS, FIREBASE_PROJECT_ID: "demo-boda" });
    expect(target).toMatchObject({ emulated: true, projectId: "demo-boda", env: EMULATORS });
  });

  it("falls back to firebase.json's emulator ports when none are set", () => {
    const target = resolveTarget({}, noHome);
    expect(target.env).toMatchObject({
      FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080",
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      FIREBASE_DATABASE_EMULATOR_HOST: "127.0.0.1:9000",
    });
    expect(target.emulated).toBe(true);
  });

  it("keeps demo-* projects on the emulators even when asked for by --project", () => {
    expect(resolveTarget({ project: "demo-otra", yes: true }, noHome)).toMatchObject({
      emulated: true,
      projectId: "demo-otra",
    });
  });

  it("refuses a real project without --yes, without credentials, or with emulator hosts set", () => {
    expect(refusal(() => resolveTarget({ project: "boda-real" }, { GOOGLE_APPLICATION_CREDENTIALS: keyFile }))).toMatch(
      /add --yes to confirm/,
    );
    expect(refusal(() => resolveTarget({ project: "boda-real", yes: true }, noHome))).toMatch(/No credentials found/);
    expect(
      refusal(() =>
        resolveTarget({ project: "boda-real", yes: true }, { ...EMULATORS, GOOGLE_APPLICATION_CREDENTIALS: keyFile }),
      ),
    ).toMatch(/emulator hosts are set/);
  });

  it("refuses a real project id that only comes from the environment", () => {
    expect(
      refusal(() =>
        resolveTarget({ yes: true }, { FIREBASE_PROJECT_ID: "boda-real", GOOGLE_APPLICATION_CREDENTIALS: keyFile }),
      ),
    ).toMatch(/add --project boda-real --yes/);
  });

  it("reaches a real project with all three: --project, --yes and credentials", () => {
    const target = resolveTarget({ project: "boda-real", yes: true }, { GOOGLE_APPLICATION_CREDENTIALS: keyFile });
    expect(target).toMatchObject({ emulated: false, projectId: "boda-real" });
    expect(target.env.FIRESTORE_EMULATOR_HOST).toBeUndefined();
  });
});
