// Forged tokens against the BFF in production mode: no emulator variables, the real firebase-admin token verifier
// that main.ts wires (`sessionTokenVerifier` over a real project's Auth), over real HTTP. The Auth emulator mints
// unsigned tokens (alg "none"); in production such a token, or one made for another project, must be a 401 — refused
// from its header and claims before any fetch of Google's public keys (this machine has no internet: a fetch would
// show up as a 503 or a hang, not a 401).
import type { FastifyInstance } from "fastify";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import { call } from "../client/trpc-over-http";
import { sessionTokenVerifier } from "../services";
import { checkRefusal } from "../test/hardening-ledger";
import { createInMemoryServices } from "../test/in-memory-services";
import { createViewerResolver } from "./viewer";

const PROJECT = "boda-lucia-mateo";
const now = Math.floor(Date.now() / 1000);

function jwt(header: object, payload: object, signature = ""): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part(header)}.${part(payload)}.${signature}`;
}

/** The claims of an ID token for `project`, as Firebase Auth (or its emulator) would write them. */
function claims(project: string, extra: object = {}) {
  return {
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    auth_time: now - 60,
    iat: now - 60,
    exp: now + 3540,
    sub: "couple-forged",
    user_id: "couple-forged",
    couple: true,
    firebase: { identities: {}, sign_in_provider: "password" },
    ...extra,
  };
}

describe("forged tokens, BFF in production mode", () => {
  const saved: Record<string, string | undefined> = {};
  let app: FastifyInstance;
  let base = "";
  let adminApp: ReturnType<typeof initializeApp>;

  beforeAll(async () => {
    // As on Cloud Run: no emulator variable, so firebase-admin verifies tokens as for a real project.
    for (const name of ["FIREBASE_AUTH_EMULATOR_HOST", "FIRESTORE_EMULATOR_HOST", "FIREBASE_DATABASE_EMULATOR_HOST"]) {
      saved[name] = process.env[name];
      delete process.env[name];
    }
    adminApp = initializeApp({ projectId: PROJECT }, "forged-tokens-production");
    const memory = createInMemoryServices({ content: null });
    app = await buildServer({
      services: memory.services,
      resolveViewer: createViewerResolver({
        verifyIdToken: sessionTokenVerifier(getAuth(adminApp)),
        households: memory.services.households,
      }),
      checkFirestore: async () => {},
    });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });

  afterAll(async () => {
    await app?.close();
    await deleteApp(adminApp);
    for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
  });

  it.each([
    ["an unsigned emulator-style token (alg none) for this project", jwt({ alg: "none", typ: "JWT" }, claims(PROJECT))],
    ["an alg-none token with a made-up key id", jwt({ alg: "none", typ: "JWT", kid: "forged-kid" }, claims(PROJECT))],
    [
      "a token for another project (RS256, with a key id)",
      jwt({ alg: "RS256", typ: "JWT", kid: "some-kid" }, claims("someone-elses-wedding"), "c2lnbmF0dXJl"),
    ],
    [
      "a token naming this project but issued by another",
      jwt(
        { alg: "RS256", typ: "JWT", kid: "some-kid" },
        claims(PROJECT, { iss: "https://securetoken.google.com/x" }),
        "c2ln",
      ),
    ],
    [
      "an HS256 token signed with a guessed secret",
      jwt({ alg: "HS256", typ: "JWT", kid: "k" }, claims(PROJECT), "c2ln"),
    ],
  ])("should refuse %s with 401 at once, fetching no keys", async (what, token) => {
    const started = performance.now();
    const answer = await call(base, "rsvp.overview", { token });
    const seconds = (performance.now() - started) / 1000;
    checkRefusal({
      who: `a browser with ${what} (production verifier)`,
      what: "rsvp.overview",
      expected: "401 invalid-token",
      answer: `${answer.status} ${answer.body.error?.data.reason}`,
    });
    expect(seconds).toBeLessThan(2);
  });
});
