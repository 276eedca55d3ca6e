// The BFF's environment check: a production BFF on a real project names every missing or wrong setting at once.
import { describe, expect, it } from "vitest";
import { parseServerEnv, serverEnvProblems } from "./env";

/** A complete, well-formed real-project configuration (made-up values of the right shape). */
const REAL: NodeJS.ProcessEnv = {
  NODE_ENV: "production",
  FIREBASE_PROJECT_ID: "boda-lucia-mateo",
  FIREBASE_DATABASE_URL: "https://boda-lucia-mateo-default-rtdb.europe-west1.firebasedatabase.app",
  SITE_URL: "https://boda.example.com",
  FIREBASE_WEB_API_KEY: `AIza${"x".repeat(35)}`,
  FIREBASE_APP_ID: "1:123456789012:web:0a1b2c3d4e5f",
  FIREBASE_MESSAGING_SENDER_ID: "123456789012",
  FIREBASE_MEASUREMENT_ID: "G-ABC123XYZ9",
  FIREBASE_VAPID_KEY: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url"),
};

const EMULATORS: NodeJS.ProcessEnv = {
  FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080",
  FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
  FIREBASE_DATABASE_EMULATOR_HOST: "127.0.0.1:9000",
};

const names = (problems: string[]) => problems.map((line) => line.split(":")[0]);

describe("the BFF's environment", () => {
  it("should accept a complete real-project configuration", () => {
    expect(serverEnvProblems(REAL)).toEqual([]);
    expect(parseServerEnv(REAL).NODE_ENV).toBe("production");
  });

  it("should ask for nothing more on the emulators, in development, or in production", () => {
    expect(serverEnvProblems({})).toEqual([]);
    expect(serverEnvProblems({ ...EMULATORS, NODE_ENV: "production" })).toEqual([]);
  });

  it("should name every missing setting of a real project at once, each with where to find it", () => {
    const problems = serverEnvProblems({ NODE_ENV: "production" });
    expect(names(problems)).toEqual([
      "FIREBASE_PROJECT_ID",
      "FIREBASE_DATABASE_URL",
      "SITE_URL",
      "FIREBASE_WEB_API_KEY",
    ]);
    expect(problems.every((line) => line.includes("missing"))).toBe(true);
    expect(problems.find((line) => line.startsWith("FIREBASE_WEB_API_KEY"))).toContain("Project settings");
  });

  it("should count an empty value as missing", () => {
    expect(names(serverEnvProblems({ ...REAL, SITE_URL: "" }))).toEqual(["SITE_URL"]);
  });

  it("should name every malformed setting with the shape it needs", () => {
    const problems = serverEnvProblems({
      ...REAL,
      PORT: "eighty",
      FIREBASE_PROJECT_ID: "demo-boda",
      FIREBASE_DATABASE_URL: "http://boda.firebaseio.com",
      SITE_URL: "https://boda.example.com/invitados",
      FIREBASE_WEB_API_KEY: "not-a-key",
      FIREBASE_APP_ID: "boda",
      FIREBASE_MESSAGING_SENDER_ID: "12ab",
      FIREBASE_MEASUREMENT_ID: "UA-1",
      FIREBASE_VAPID_KEY: "BKey",
    });
    expect(names(problems)).toEqual([
      "PORT",
      "FIREBASE_PROJECT_ID",
      "FIREBASE_DATABASE_URL",
      "SITE_URL",
      "FIREBASE_WEB_API_KEY",
      "FIREBASE_APP_ID",
      "FIREBASE_MESSAGING_SENDER_ID",
      "FIREBASE_MEASUREMENT_ID",
      "FIREBASE_VAPID_KEY",
    ]);
    expect(problems.find((line) => line.startsWith("FIREBASE_PROJECT_ID"))).toContain("only in the emulators");
    expect(problems.find((line) => line.startsWith("SITE_URL"))).toContain("no path");
  });

  it("should refuse a web push key that is not a P-256 public key", () => {
    const wrongPoint = Buffer.concat([Buffer.from([2]), Buffer.alloc(64, 7)]).toString("base64url");
    expect(names(serverEnvProblems({ ...REAL, FIREBASE_VAPID_KEY: wrongPoint }))).toEqual(["FIREBASE_VAPID_KEY"]);
  });

  it("should insist on an outside address and a trusted proxy on Cloud Run", () => {
    const onCloudRun = { ...REAL, K_SERVICE: "boda-bff" };
    expect(names(serverEnvProblems(onCloudRun))).toEqual(["HOST", "TRUST_PROXY"]);
    expect(serverEnvProblems({ ...onCloudRun, HOST: "0.0.0.0", TRUST_PROXY: "true" })).toEqual([]);
  });

  it("should take the proxy ranges as CIDR ranges only", () => {
    const ranges = "35.191.0.0/16, 2600:2d00:1:b029::/64";
    expect(parseServerEnv({ ...EMULATORS, PROXY_RANGES: ranges }).PROXY_RANGES).toEqual([
      "35.191.0.0/16",
      "2600:2d00:1:b029::/64",
    ]);
    expect(names(serverEnvProblems({ ...EMULATORS, PROXY_RANGES: "35.191.0.0/33" }))).toEqual(["PROXY_RANGES"]);
    expect(names(serverEnvProblems({ ...EMULATORS, PROXY_RANGES: "google" }))).toEqual(["PROXY_RANGES"]);
  });

  it("should take a fixed clock on the emulators only, and refuse one that is not an instant", () => {
    expect(parseServerEnv({ ...EMULATORS, FIXED_NOW: "2027-04-20T05:41:00Z" }).FIXED_NOW?.toISOString()).toBe(
      "2027-04-20T05:41:00.000Z",
    );
    expect(serverEnvProblems({ ...EMULATORS, FIXED_NOW: "20 April" })).toEqual([
      "FIXED_NOW: must be an ISO instant such as 2027-04-20T05:41:00Z",
    ]);
    expect(names(serverEnvProblems({ ...REAL, FIXED_NOW: "2027-04-20T05:41:00Z" }))).toEqual(["FIXED_NOW"]);
  });

  it("should throw one error listing every problem, one per line", () => {
    expect(() => parseServerEnv({ NODE_ENV: "production", PORT: "-1" })).toThrow(
      /^Invalid environment for the BFF:\n {2}PORT: .+\n {2}FIREBASE_PROJECT_ID: .+\n {2}FIREBASE_DATABASE_URL: .+\n {2}SITE_URL: .+\n {2}FIREBASE_WEB_API_KEY: .+$/,
    );
  });
});
