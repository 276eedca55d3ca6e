// The switches from Remote Config's server template, and the Firebase web settings the page starts with.
import { copyFileSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getRemoteConfig } from "firebase-admin/remote-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firebaseWebConfig } from "../firebase/browser-config";
import { templateFileSwitches } from "../switches/switches-source";
import { isolatedFirestore, type TestFirestore } from "../test/emulators";
import { callerFor, releaseResources, testBff } from "../test/services";

const TEMPLATE = fileURLToPath(new URL("../../../remoteconfig.template.json", import.meta.url));

function templateCopy(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "remote-config-")), "remoteconfig.template.json");
  copyFileSync(TEMPLATE, file);
  return file;
}

/** Rewrites one parameter's default and bumps the file's mtime, as `pnpm seed config set` would. */
function setParameter(file: string, key: string, value: string, mtime: number): void {
  const template = JSON.parse(readFileSync(file, "utf8"));
  template.parameters[key].defaultValue.value = value;
  writeFileSync(file, JSON.stringify(template));
  utimesSync(file, mtime, mtime);
}

describe("switches.get", () => {
  let db: TestFirestore;
  beforeAll(() => {
    db = isolatedFirestore("config");
  });
  afterAll(() => db.close());

  it("should evaluate the repository's Remote Config template", async () => {
    const bff = testBff(db);
    const config = await callerFor(bff.services).switches.get();
    await releaseResources(bff);
    expect(config.phase).toBe("rsvp-open");
    expect(config.rsvp).toEqual({ open: true, deadline: "2027-05-01" });
    expect(config.guestbookEnabled).toBe(false);
  });

  it("should pick up a changed template without a restart", async () => {
    const file = templateCopy();
    const bff = testBff(db, { templateFile: file });
    setParameter(file, "rsvp_open", "false", Date.now() / 1000 + 5);
    await expect(callerFor(bff.services).switches.get()).resolves.toMatchObject({ rsvp: { open: false } });
    await releaseResources(bff);
  });

  it("should keep the last good switches when the file is broken mid-edit", async () => {
    const file = templateCopy();
    const bff = testBff(db, { templateFile: file });
    writeFileSync(file, "{ half-saved");
    utimesSync(file, Date.now() / 1000 + 10, Date.now() / 1000 + 10);
    await expect(callerFor(bff.services).switches.get()).resolves.toMatchObject({ phase: "rsvp-open" });
    await releaseResources(bff);
  });

  it("should refuse a template whose values break the declared types, naming the key", () => {
    const file = templateCopy();
    setParameter(file, "site_phase", "party-time", Date.now() / 1000);
    expect(() => templateFileSwitches(getRemoteConfig(db.app), file)).toThrow(
      /site_phase: must be one of: save-the-date, rsvp-open, wedding-week, day-of, after/,
    );
  });
});

describe("Firebase web settings", () => {
  it("should point the browser at the Auth emulator and leave Analytics and Messaging off in emulator mode", () => {
    const config = firebaseWebConfig(
      { projectId: "demo-boda", databaseUrl: "http://127.0.0.1:9000?ns=demo-boda-default-rtdb", emulated: true },
      { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" },
    );
    expect(config).toEqual({
      projectId: "demo-boda",
      apiKey: "demo-api-key",
      authEmulatorUrl: "http://127.0.0.1:9099",
    });
  });

  it("should give a test stack a measurement id only when one is set, for watching what consent lets through", () => {
    const config = firebaseWebConfig(
      { projectId: "demo-boda", databaseUrl: "http://127.0.0.1:9000?ns=demo-boda-default-rtdb", emulated: true },
      {
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
        FIREBASE_MEASUREMENT_ID: "G-E2E",
        FIREBASE_APP_ID: "1:0:web:e2e",
      },
    );
    expect(config).toMatchObject({ measurementId: "G-E2E", appId: "1:0:web:e2e" });
    expect(config.authEmulatorUrl).toBe("http://127.0.0.1:9099");
    expect(() =>
      firebaseWebConfig(
        { projectId: "demo-boda", databaseUrl: "http://127.0.0.1:9000?ns=demo-boda-default-rtdb", emulated: true },
        { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099", FIREBASE_MEASUREMENT_ID: "G-E2E" },
      ),
    ).toThrow("FIREBASE_APP_ID: missing: Analytics needs the web app's id alongside FIREBASE_MEASUREMENT_ID");
  });

  it("should tell the page the region the deploy put the BFF in, and nothing when it is not deployed", () => {
    const real = { projectId: "boda-real", databaseUrl: "https://boda-real.firebaseio.com", emulated: false };
    expect(
      firebaseWebConfig(real, { FIREBASE_WEB_API_KEY: "AIza-test", SERVICE_REGION: "europe-west1" }).serviceRegion,
    ).toBe("europe-west1");
    expect(firebaseWebConfig(real, { FIREBASE_WEB_API_KEY: "AIza-test" }).serviceRegion).toBeUndefined();
  });

  it("should require the web API key for a real project, saying where to find it", () => {
    expect(() =>
      firebaseWebConfig(
        { projectId: "boda-real", databaseUrl: "https://boda-real.firebaseio.com", emulated: false },
        {},
      ),
    ).toThrow("FIREBASE_WEB_API_KEY: missing: set it to the web API key from the Firebase console");
  });

  it("should turn on Analytics and Messaging only when a real project configures them", () => {
    const config = firebaseWebConfig(
      { projectId: "boda-real", databaseUrl: "https://boda-real.firebaseio.com", emulated: false },
      { FIREBASE_WEB_API_KEY: "AIza-test", FIREBASE_MEASUREMENT_ID: "G-TEST", FIREBASE_VAPID_KEY: "BKey" },
    );
    expect(config).toMatchObject({
      authDomain: "boda-real.firebaseapp.com",
      measurementId: "G-TEST",
      vapidKey: "BKey",
    });
    expect(config.authEmulatorUrl).toBeUndefined();
  });
});
