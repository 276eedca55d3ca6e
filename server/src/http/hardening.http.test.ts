// What every response says to browsers about security, and what the BFF refuses before doing any work: over real
// HTTP, with the in-memory services behind the real router.
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import { MAX_BATCH_SIZE, MAX_URL_CHARS } from "../contract/request-limits";
import { exampleContent } from "../test/emulators";
import { createInMemoryServices } from "../test/in-memory-services";
import { testHousehold } from "../test/services";
import { contentSecurityPolicy, FIRST_SCREEN_SCRIPT_SOURCE } from "./security-headers";

const household = testHousehold("garcia-lopez");

async function start(options: { production?: boolean } = {}) {
  const lines: string[] = [];
  const bff = createInMemoryServices({ content: exampleContent(), households: [household] });
  const app = await buildServer({
    services: bff.services,
    resolveViewer: bff.viewerForToken,
    checkFirestore: async () => {},
    // Every request is "slow" at 0 ms, so every request is logged: the secrecy test sees all of them.
    logger: pino({ level: "info" }, { write: (line: string) => void lines.push(line) }),
    slowRequestMs: 0,
    production: options.production ?? false,
  });
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, bff, base, lines };
}

describe("security headers", () => {
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server.app.close();
  });

  it("should forbid inline scripts, framing and foreign connections, on pages and API answers alike", async () => {
    for (const path of ["/healthz", "/trpc/site.content", "/manifest.webmanifest"]) {
      const response = await fetch(`${server.base}${path}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      // Inline, only the prerendered page's first-screen script, by its hash.
      expect(csp).toContain(`script-src 'self' ${FIRST_SCREEN_SCRIPT_SOURCE};`);
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // The Auth emulator is the one other host this page talks to locally.
      expect(csp).toContain("connect-src 'self' http://127.0.0.1:9099");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("permissions-policy")).toContain("geolocation=()");
      // Plain http on the emulators: HSTS there would only mislead.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("should never let another site's page read an answer (no CORS headers, preflights refused)", async () => {
    const answer = await fetch(`${server.base}/trpc/site.content`, { headers: { origin: "https://evil.example" } });
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(`${server.base}/trpc/rsvp.submit`, {
      method: "OPTIONS",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type",
      },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-headers")).toBeNull();
  });

  it("should tell browsers to stay on HTTPS for a year in production", async () => {
    const production = await start({ production: true });
    try {
      const response = await fetch(`${production.base}/healthz`);
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    } finally {
      await production.app.close();
    }
  });

  it("should allow Google's sign-in, analytics and push hosts only when a real project turns them on", () => {
    const real = contentSecurityPolicy({ projectId: "boda-real", apiKey: "key" });
    expect(real["connect-src"]).toEqual([
      "'self'",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
    ]);
    expect(real["script-src"]).toEqual(["'self'", FIRST_SCREEN_SCRIPT_SOURCE]);
    const everything = contentSecurityPolicy({
      projectId: "boda-real",
      apiKey: "key",
      measurementId: "G-ABC123",
      vapidKey: "BKey",
    });
    expect(everything["script-src"]).toEqual([
      "'self'",
      FIRST_SCREEN_SCRIPT_SOURCE,
      "https://www.googletagmanager.com",
    ]);
    expect(everything["connect-src"]).toContain("https://fcmregistrations.googleapis.com");
    expect(everything["connect-src"]).toContain("https://*.google-analytics.com");
  });
});

describe("requests refused before any work", () => {
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server.app.close();
  });

  it("should keep a short, plain request id and replace anything else", async () => {
    const kept = await fetch(`${server.base}/healthz`, { headers: { "x-request-id": "proxy-1234.abc_DEF" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-1234.abc_DEF");
    for (const hostile of ["a".repeat(65), "id with spaces", "<script>", "x\u00e9"]) {
      const replaced = await fetch(`${server.base}/healthz`, { headers: { "x-request-id": hostile } });
      expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("should refuse a body over 64 KB with a 413 that says the limit, and save nothing", async () => {
    const token = server.bff.tokenFor(household);
    const response = await fetch(`${server.base}/trpc/rsvp.submit`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ message: "x".repeat(70 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: "The request body is larger than 64 KB, the most this site accepts; send less at once.",
    });
    expect(await server.bff.services.rsvps.all()).toEqual([]);
  });

  it(`should refuse a batch of more than ${MAX_BATCH_SIZE} calls whole, and answer one of ${MAX_BATCH_SIZE}`, async () => {
    const batch = (size: number) =>
      fetch(
        `${server.base}/trpc/${Array(size).fill("switches.get").join(",")}?batch=1&input=${encodeURIComponent("{}")}`,
      );
    const allowed = await batch(MAX_BATCH_SIZE);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toHaveLength(MAX_BATCH_SIZE);
    const oneTooMany = await batch(MAX_BATCH_SIZE + 1);
    expect(oneTooMany.status).toBe(400);
    expect(JSON.stringify(await oneTooMany.json())).toMatch(/[Bb]atch/);
    // A thousand calls do not even fit in an address this site accepts.
    expect((await batch(1000)).status).toBe(414);
  });

  it("should refuse an over-long address with a 414 that says how long it may be", async () => {
    const response = await fetch(`${server.base}/trpc/site.content?input=${"a".repeat(MAX_URL_CHARS)}`);
    expect(response.status).toBe(414);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain(`the most this site accepts is ${MAX_URL_CHARS}`);
  });
});

describe("logs", () => {
  it("should never hold an invite code or a sign-in token, even with every request logged", async () => {
    const server = await start();
    try {
      // Each request is bounded, so a stuck one is named instead of timing the whole test out.
      const call = async (what: string, url: string, init: RequestInit = {}) => {
        try {
          return await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
        } catch (error) {
          throw new Error(`${what} got no answer: ${String(error)}`);
        }
      };
      const redeem = (code: string) =>
        call(`redeeming ${code}`, `${server.base}/trpc/invitations.redeem`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ code }),
        });
      const wrongCode = "ZZZZ-ZZZZ-ZZZZ-ZZZZ";
      expect((await redeem(household.code)).status).toBe(200);
      expect((await redeem(wrongCode)).status).toBe(404);
      const token = server.bff.tokenFor(household);
      await call("the household's invitation", `${server.base}/trpc/invitations.mine`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await call("a forged token's invitation", `${server.base}/trpc/invitations.mine`, {
        headers: { authorization: "Bearer forged-token" },
      });

      expect(server.lines.length).toBeGreaterThanOrEqual(4);
      const log = server.lines.join("\n");
      for (const secret of [household.code, wrongCode, token, "forged-token"]) expect(log).not.toContain(secret);
    } finally {
      await server.app.close();
    }
  });
});
