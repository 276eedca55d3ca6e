// Unit tests of how the stand-in turns credentials into identities: admin, ID-token claims, or a refusal.
import { describe, expect, it } from "vitest";
import { ADMIN, ANONYMOUS, authFromIdToken, InvalidTokenError, identityFromCredential } from "./auth";

function token(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode({ alg: "none", typ: "JWT" })}.${encode(claims)}.`;
}

const valid = {
  iss: "https://securetoken.google.com/demo-boda",
  aud: "demo-boda",
  sub: "guest-1",
  iat: 0,
  invitationId: "inv-1",
  firebase: { sign_in_provider: "password" },
};

describe("credentials", () => {
  it("treats the emulator owner credential as admin, honouring firebase-admin's auth overrides", () => {
    expect(identityFromCredential("owner", "demo-boda")).toEqual(ADMIN);
    expect(identityFromCredential("owner", "demo-boda", { noauth: true })).toEqual(ANONYMOUS);
    expect(identityFromCredential("owner", "demo-boda", { authvar: { uid: "worker" } })).toEqual({
      admin: false,
      auth: { uid: "worker" },
    });
  });

  it("exposes an ID token's claims as auth.uid, auth.provider and auth.token", () => {
    expect(authFromIdToken(token(valid), "demo-boda")).toEqual({ uid: "guest-1", provider: "password", token: valid });
  });

  it("refuses tokens for another project, without a user, or that are not JWTs", () => {
    const otherProject = { ...valid, iss: "https://securetoken.google.com/other", aud: "other" };
    expect(() => authFromIdToken(token(otherProject), "demo-boda")).toThrow(InvalidTokenError);
    expect(authFromIdToken(token(otherProject)).uid).toBe("guest-1");
    expect(() => authFromIdToken(token({ ...valid, aud: "other" }))).toThrow(/issuer and audience/);
    expect(() => authFromIdToken(token({ ...valid, sub: "" }))).toThrow(/sub/);
    expect(() => authFromIdToken("not-a-token")).toThrow(InvalidTokenError);
  });
});
