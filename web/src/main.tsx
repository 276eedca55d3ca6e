// Entry point: hydrates the screen the BFF prerendered (or, without one, renders from nothing) with its providers
// and the hash router.
import type { AppRouter } from "@boda/server/app-router";
import { PAGE_DATA_ID, type PublicPageData } from "@boda/server/contract/public-page";
import { PRERENDERED_SCREENS } from "@boda/server/contract/routes";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { createRoot, hydrateRoot } from "react-dom/client";
import { HashRouter } from "react-router-dom";
import { PageApp, seedPublicQueries } from "./app/page-app";
import { INVITE_PARAM, LANG_PARAM } from "./config/paths";
import { prerenderedLanguage } from "./lib/i18n/language";
import { restoreAndPersist } from "./lib/persistence";
import { createSession } from "./lib/session";
import { createBffClient, createQueryClient } from "./lib/trpc";
import "./styles.css";

const queryClient = createQueryClient();
// Auth needs the BFF's Firebase settings; they come through the same cache the page reads them from.
const session = createSession(async () => (await queryClient.fetchQuery(api.switches.get.queryOptions())).firebase);
const trpcClient = createBffClient({ session });
const api = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

document.documentElement.dataset.version = __APP_VERSION__;

// The BFF's HTML carries both public screens; its first-screen script (contract/routes.ts) named the one to show.
// That one is hydrated, the other goes: from here on the router shows one screen at a time.
const screen = document.documentElement.dataset.screen;
const prerendered = PRERENDERED_SCREENS.map((name) => document.getElementById(`page-${name}`));
const shown = prerendered.find((element) => element?.id === `page-${screen}`) ?? null;
for (const element of prerendered) if (element !== shown) element?.remove();
document.documentElement.removeAttribute("data-screen");

const dataBlock = document.getElementById(PAGE_DATA_ID);
const data = dataBlock?.textContent ? (JSON.parse(dataBlock.textContent) as PublicPageData) : undefined;
const language = prerenderedLanguage(document.documentElement);
// HTML from the network is as fresh as an answer; a copy the service worker kept may be old, and one prepared for a
// stranger is not what a signed-in household sees: those are asked again at once (after the first render).
const fresh = data !== undefined && !navigator.serviceWorker?.controller && !session.remembered();
if (data) seedPublicQueries(queryClient, trpcClient, data, fresh ? Date.now() : 0);
// The dashboard's code is needed at once on #/: fetch it while the rest starts.
if (shown?.id === "page-home") void import("./app/dashboard-route");

const app = (hydrating: boolean) => (
  <PageApp
    trpcClient={trpcClient}
    queryClient={queryClient}
    session={session}
    router={(routes) => <HashRouter>{routes}</HashRouter>}
    {...(data && language && { prerendered: { language, renderedAt: new Date(data.renderedAt), hydrating } })}
  />
);

// The HTML is each screen as its bare address shows it; an address that asks for more (`?evento=` narrows the
// places) renders afresh in place of it. An invitation's code and language change nothing the HTML shows.
const hashQuery = window.location.hash.includes("?") ? window.location.hash.split("?")[1] : "";
const asPrerendered = [...new URLSearchParams(hashQuery).keys()].every(
  (key) => key === INVITE_PARAM || key === LANG_PARAM,
);

void restoreAndPersist(queryClient, { fresh }).then(() => {
  if (shown && data && language && asPrerendered) {
    hydrateRoot(shown, app(true));
  } else if (shown) {
    createRoot(shown).render(app(false));
  } else {
    const container = document.getElementById("root");
    if (!container) throw new Error('index.html must contain <div id="root">.');
    // Without prerendered HTML (Vite's dev server, a signed-in screen) every screen needs the content: ask for it
    // now rather than after the dashboard's code has downloaded.
    if (!data) void queryClient.prefetchQuery(api.site.content.queryOptions());
    createRoot(container).render(app(false));
  }
});

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
