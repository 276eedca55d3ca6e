// Unit tests of how the stand-in turns credentials into identities: admin, ID-token claims, or a refusal.
import { describe, expect, it } from "vitest";
import {
  ADMIN,
  ANONYMOUS,
  authFromIdToken,
  ExpiredTokenError,
  InvalidTokenError,
  identityFromCredential,
} from "./auth";

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

  it("gives rules the short provider names Firebase documents for auth.provider", () => {
    const providers = {
      "google.com": "google",
      "facebook.com": "facebook",
      "github.com": "github",
      "twitter.com": "twitter",
      password: "password",
      anonymous: "anonymous",
      phone: "phone",
      custom: "custom",
    };
    for (const [signIn, provider] of Object.entries(providers)) {
      const claims = { ...valid, firebase: { sign_in_provider: signIn } };
      expect(authFromIdToken(token(claims), "demo-boda").provider, signIn).toBe(provider);
    }
  });

  it("refuses an expired token, saying how to get a fresh one, and records when a valid one expires", () => {
    const now = 1_700_000_000_000;
    const expired = token({ ...valid, exp: now / 1000 });
    expect(() => authFromIdToken(expired, "demo-boda", now)).toThrow(ExpiredTokenError);
    expect(() => authFromIdToken(expired, "demo-boda", now)).toThrow(/expired .*mockUserToken needs iat/);
    expect(authFromIdToken(expired, "demo-boda", now - 1).uid).toBe("guest-1");
    const exp = Math.floor(Date.now() / 1000) + 600;
    expect(identityFromCredential(token({ ...valid, exp }), "demo-boda")).toMatchObject({ expiresAt: exp * 1000 });
  });
});
