// Who a client is: the emulator's admin credential ("owner"), an ID token's claims, or nobody.
// ID tokens are decoded, not verified — like the official emulator, which accepts the Auth emulator's unsigned JWTs —
// but an expired one is refused, as production refuses it.

/** The token firebase-admin sends in emulator mode; the official emulator treats it as full admin access. */
export const OWNER_TOKEN = "owner";

export type Identity =
  | { admin: true }
  | {
      admin: false;
      auth: Record<string, unknown> | null;
      /** When the ID token behind `auth` expires (ms since the epoch). */
      expiresAt?: number;
    };

export const ANONYMOUS: Identity = { admin: false, auth: null };
export const ADMIN: Identity = { admin: true };

export class InvalidTokenError extends Error {}

/** A token past its `exp`: answered `expired_token` (REST: 401), as production answers it. */
export class ExpiredTokenError extends InvalidTokenError {}

/** ID tokens name providers by domain; rules see the short names Firebase documents for `auth.provider`. */
const RULE_PROVIDERS: Record<string, string> = {
  "google.com": "google",
  "facebook.com": "facebook",
  "github.com": "github",
  "twitter.com": "twitter",
};

function decodeSegment(segment: string | undefined): Record<string, unknown> {
  if (!segment) throw new InvalidTokenError("token is not a JWT");
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw new InvalidTokenError("token segment is not base64url JSON");
}

/**
 * Decodes a Firebase ID token into the rules' `auth` variable ({uid, provider, token}).
 * When `projectId` is known the audience and issuer must name it; otherwise they must agree with each other.
 * A token whose `exp` has passed is refused with ExpiredTokenError.
 */
export function authFromIdToken(token: string, projectId?: string, now = Date.now()): Record<string, unknown> {
  const [header, payload] = token.split(".");
  decodeSegment(header);
  const claims = decodeSegment(payload);
  const { aud, iss, sub } = claims;
  if (typeof sub !== "string" || sub === "") throw new InvalidTokenError('token has no "sub" (user id)');
  if (typeof aud !== "string" || iss !== `https://securetoken.google.com/${aud}`) {
    throw new InvalidTokenError("token issuer and audience do not match a Firebase project");
  }
  if (projectId && aud !== projectId) {
    throw new InvalidTokenError(`token is for project "${aud}", not "${projectId}"`);
  }
  if (typeof claims.exp === "number" && claims.exp * 1000 <= now) {
    throw new ExpiredTokenError(
      `Auth token is expired (uid ${sub}, expired ${new Date(claims.exp * 1000).toISOString()}): sign in again. ` +
        "A connectDatabaseEmulator mockUserToken needs iat set to now; without it the SDK issues it at 0 (1970).",
    );
  }
  const signIn = (claims.firebase as { sign_in_provider?: unknown } | undefined)?.sign_in_provider;
  const provider = typeof signIn === "string" ? (RULE_PROVIDERS[signIn] ?? signIn) : "custom";
  return { uid: sub, provider, token: claims };
}

/**
 * Resolves the credential of an `auth`/`gauth` request or a REST `Authorization: Bearer` header.
 * firebase-admin may attach `authvar` (databaseAuthVariableOverride) or `noauth` to run as a user or as nobody.
 */
export function identityFromCredential(
  credential: string,
  projectId: string | undefined,
  override?: { authvar?: unknown; noauth?: unknown },
  now = Date.now(),
): Identity {
  if (credential === OWNER_TOKEN) {
    if (override?.noauth === true) return ANONYMOUS;
    const authvar = override?.authvar;
    if (typeof authvar === "object" && authvar !== null)
      return { admin: false, auth: authvar as Record<string, unknown> };
    return ADMIN;
  }
  const auth = authFromIdToken(credential, projectId, now);
  const { exp } = auth.token as { exp?: unknown };
  return { admin: false, auth, ...(typeof exp === "number" && { expiresAt: exp * 1000 }) };
}
