// Entry point: mounts the page with its providers and the hash router.
import type { AppRouter } from "@boda/server/app-router";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { HashRouter } from "react-router-dom";
import { AppProviders } from "./app/providers";
import { AppRoutes } from "./app/router";
import { persistOptions } from "./lib/persistence";
import { createSession } from "./lib/session";
import { createBffClient, createQueryClient } from "./lib/trpc";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error('index.html must contain <div id="root">.');

const queryClient = createQueryClient();
// Auth needs the BFF's Firebase settings; they come through the same cache the page reads them from.
const session = createSession(async () => (await queryClient.fetchQuery(api.config.get.queryOptions())).firebase);
const trpcClient = createBffClient({ session });
const api = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
// Every screen needs the content; ask for it now rather than after the dashboard's code has downloaded.
void queryClient.prefetchQuery(api.site.content.queryOptions());

document.documentElement.dataset.version = __APP_VERSION__;

createRoot(container).render(
  <StrictMode>
    <AppProviders trpcClient={trpcClient} queryClient={queryClient} session={session} persist={persistOptions()}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  </StrictMode>,
);

// The offline shell (a production build only: Vite's dev server has no service worker). On a first visit it waits
// until the page is up and quiet: preparing for a lost signal must never compete with showing the page on a weak
// one. On later visits it registers at once, to notice a new deploy while the browser checks for one.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () =>
    void import("./lib/service-worker").then(({ registerServiceWorker }) => registerServiceWorker());
  window.addEventListener("load", () => {
    if (navigator.serviceWorker.controller) register();
    else setTimeout(register, 3000);
  });
}
