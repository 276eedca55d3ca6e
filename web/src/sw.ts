// The page's service worker: after one visit, the app shell (the page, its code for the dashboard and the places,
// the styles) opens with no network, at a venue with no signal. The last content the page saw comes from the
// query cache it keeps in the browser (lib/persistence.ts). A new deploy waits until the page lets it take over.
/// <reference lib="webworker" />

import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, StaleWhileRevalidate } from "workbox-strategies";
import { OUTBOX_FLUSH_MESSAGE, OUTBOX_SYNC_TAG } from "./lib/outbox/outbox";

declare const self: ServiceWorkerGlobalScope;

// The app shell, including the page itself ("/" is index.html): served from the cache at once, online or not; the
// data comes fresh from the BFF whenever there is a network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Code fetched on demand (signing in, the answer form, the couple's page): hashed, so a cached copy never goes stale.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: "assets", plugins: [new ExpirationPlugin({ maxEntries: 80 })] }),
);

// The manifest and the icons drawn from the theme: shown from cache at once, refreshed in the background.
registerRoute(
  ({ url }) =>
    url.origin === self.location.origin &&
    (url.pathname.startsWith("/icons/") || url.pathname === "/manifest.webmanifest"),
  new StaleWhileRevalidate({ cacheName: "shell" }),
);

// A new version takes over when the page says so (the guest tapped "update", or left the page).
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | undefined)?.type === "SKIP_WAITING") void self.skipWaiting();
});

// Background Sync (where the browser has it): the page registers `outbox` when the guest sends something offline,
// and the browser fires this once the connection returns. The sending itself stays in the page (lib/outbox/), which
// holds the guest's sign-in and the BFF client; this wakes every open page to send now. With no page open, the next
// visit sends.
self.addEventListener("sync", (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: "window" }).then((pages) => {
      for (const page of pages) page.postMessage({ type: OUTBOX_FLUSH_MESSAGE });
    }),
  );
});
