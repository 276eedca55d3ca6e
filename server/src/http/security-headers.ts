// Security headers on every response (@fastify/helmet): a Content-Security-Policy that allows no inline script but
// the first-screen script, by its hash, and
// only the hosts the page really talks to, no framing, a strict referrer policy, browser features the page never
// uses turned off, and HSTS in production. No CORS headers are ever sent, so browsers keep other sites' pages from
// reading the BFF's answers (same origin only).

import { createHash } from "node:crypto";
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { FIRST_SCREEN_SCRIPT } from "../contract/routes";
import type { FirebaseWebConfig } from "../contract/site-view";

/** The one inline script the page has (the prerendered page's first-screen choice), allowed by its hash. */
export const FIRST_SCREEN_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(FIRST_SCREEN_SCRIPT).digest("base64")}'`;

/** Google endpoints the Firebase web SDK calls, by feature the page turns on. */
const FIREBASE_AUTH_HOSTS = ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"];
const FIREBASE_INSTALLATIONS_HOSTS = ["https://firebaseinstallations.googleapis.com"];
const ANALYTICS_CONNECT_HOSTS = [
  "https://firebase.googleapis.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];
const ANALYTICS_SCRIPT_HOSTS = ["https://www.googletagmanager.com"];
const MESSAGING_HOSTS = ["https://fcmregistrations.googleapis.com"];

/** The policy's directives for this BFF's web config: what the page may load and contact, nothing more. */
export function contentSecurityPolicy(
  web: FirebaseWebConfig,
  inlineStyleSources: string[] = [],
): Record<string, string[]> {
  const connect = ["'self'"];
  const scripts = ["'self'", FIRST_SCREEN_SCRIPT_SOURCE];
  if (web.authEmulatorUrl) connect.push(new URL(web.authEmulatorUrl).origin);
  else connect.push(...FIREBASE_AUTH_HOSTS);
  if (web.measurementId) {
    connect.push(...FIREBASE_INSTALLATIONS_HOSTS, ...ANALYTICS_CONNECT_HOSTS);
    scripts.push(...ANALYTICS_SCRIPT_HOSTS);
  }
  if (web.vapidKey) connect.push(...FIREBASE_INSTALLATIONS_HOSTS, ...MESSAGING_HOSTS);
  return {
    "default-src": ["'self'"],
    "script-src": [...new Set(scripts)],
    "connect-src": [...new Set(connect)],
    // The couple's hero image may live on any https host; images cannot run code.
    "img-src": ["'self'", "data:", "https:"],
    // React sets styles through the CSSOM, which CSP allows; the only <style> is the page's own stylesheet, inlined
    // by the BFF (page-shell/web-build.ts) and allowed by its hash.
    "style-src": ["'self'", ...inlineStyleSources],
    "font-src": ["'self'"],
    "manifest-src": ["'self'"],
    "worker-src": ["'self'"],
    "frame-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
  };
}

/** Features the page never uses; a script injected anywhere cannot turn them on. */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()";

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { firebaseWebConfig: FirebaseWebConfig; inlineStyleSources: string[]; production: boolean },
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(options.firebaseWebConfig, options.inlineStyleSources),
    },
    // The share image and icons are fetched by link-preview services from other origins.
    crossOriginResourcePolicy: { policy: "cross-origin" },
    // Firebase Auth's popup flows need an opener; the page uses none, but keep the SDK's options open.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
    // Only where the site is served over HTTPS; on the emulators (plain http) it would mislead browsers.
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
}
