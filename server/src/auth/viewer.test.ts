// How a token's refusal is worded, and that every session is verified with `checkRevoked` (unit: no emulators).
import type { DecodedIdToken } from "firebase-admin/auth";
import { describe, expect, it } from "vitest";
import { SessionError, UnavailableError } from "../errors";
import type { HouseholdDirectory } from "../households/household-directory";
import { sessionTokenVerifier } from "../services";
import { createViewerResolver } from "./viewer";

const noHouseholds = { byKey: async () => undefined } as unknown as HouseholdDirectory;

/** An unsigned token naming `sub`: only its shape matters here, the fake verifier decides. */
function tokenFor(sub: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none" })}.${part({ sub })}.`;
}

function failingWith(code: string, message = code) {
  return createViewerResolver({
    verifyIdToken: async () => {
      throw Object.assign(new Error(message), { code });
    },
    households: noHouseholds,
  });
}

describe("the session token verifier", () => {
  it("should ask firebase-admin to check revocation for every token", async () => {
    const calls: unknown[][] = [];
    const verify = sessionTokenVerifier({
      verifyIdToken: async (...args: unknown[]) => {
        calls.push(args);
        return { uid: "u", couple: true } as unknown as DecodedIdToken;
      },
    } as never);
    await verify("a.b.c");
    expect(calls).toEqual([["a.b.c", true]]);
  });
});

describe("refusing a session", () => {
  it.each([
    ["auth/id-token-revoked", "couple-uid", "session-revoked"],
    ["auth/user-disabled", "couple-uid", "session-revoked"],
    ["auth/user-not-found", "couple-uid", "session-revoked"],
    ["auth/id-token-revoked", "household:garcia", "invitation-replaced"],
    ["auth/id-token-expired", "couple-uid", "expired-token"],
    ["auth/argument-error", "couple-uid", "invalid-token"],
  ])("should answer %s for %s with 401 %s", async (code, sub, reason) => {
    const refusal = await failingWith(code)(`Bearer ${tokenFor(sub)}`).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SessionError);
    expect((refusal as SessionError).reason).toBe(reason);
  });

  it.each([
    ["app/network-error", "connect ECONNREFUSED"],
    ["auth/argument-error", "Error fetching public keys for Google certs: getaddrinfo ENOTFOUND"],
  ])("should answer 503, not sign the device out, when Auth cannot be reached (%s)", async (code, message) => {
    const refusal = await failingWith(code, message)(`Bearer ${tokenFor("x")}`).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnavailableError);
  });
});
