// The web build's server entry (built by `vite build --ssr` into dist-ssr/, loaded by the BFF): renders what a
// stranger sees on each prerendered screen, with the page's own components, from the data the BFF gives it. Every
// lazy screen is awaited (react-dom/static), so the HTML holds the dashboard, not its loading state.
import type { Language } from "@boda/server/contract/language";
import type { PublicPageData, RenderPublicPage } from "@boda/server/contract/public-page";
import { PRERENDERED_SCREENS, type PrerenderedScreen, ROUTES } from "@boda/server/contract/routes";
import { prerenderToNodeStream } from "react-dom/static";
import { createPath, type Navigator, Router } from "react-router-dom";
import { PageApp, seedPublicQueries } from "./app/page-app";
import type { Session } from "./lib/session";
import { createBffClient, createQueryClient } from "./lib/trpc";

const PATHS: Record<PrerenderedScreen, string> = { home: ROUTES.home, locations: ROUTES.locations };

/**
 * A router fixed at one path whose links are written as the page's HashRouter writes them (`href="#/ubicaciones"`),
 * so the HTML works as links before hydration and matches what hydration renders. (StaticRouter writes "/ubicaciones",
 * an address the BFF does not serve.)
 */
const hashLinks: Navigator = {
  createHref: (to) => `#${typeof to === "string" ? to : createPath(to)}`,
  push: () => {
    throw new Error("The prerender cannot navigate.");
  },
  replace: () => {
    throw new Error("The prerender cannot navigate.");
  },
  go: () => {
    throw new Error("The prerender cannot navigate.");
  },
};

/** A stranger: the prerender signs nobody in. */
const STRANGER: Session = {
  remembered: () => false,
  idToken: async () => null,
  kind: async () => null,
  signInWithInvitation: () => Promise.reject(new Error("The prerender signs nobody in.")),
  signInAsCouple: () => Promise.reject(new Error("The prerender signs nobody in.")),
  signOut: async () => {},
  subscribe: () => () => {},
};

/** Everything a screen needs comes from `data`; a query that reached for the network would be a bug, and says so. */
const offline: typeof fetch = (input) =>
  Promise.reject(new Error(`The prerender asked the BFF for ${String(input)}; seed that query from the page data.`));

async function render(data: PublicPageData, language: Language, path: string): Promise<string> {
  const queryClient = createQueryClient();
  const trpcClient = createBffClient({ fetch: offline });
  seedPublicQueries(queryClient, trpcClient, data, Date.parse(data.renderedAt));
  // An error inside a Suspense boundary would leave that part to the browser; the HTML must be whole or not at all.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <PageApp
      trpcClient={trpcClient}
      queryClient={queryClient}
      session={STRANGER}
      prerendered={{ language, renderedAt: new Date(data.renderedAt), hydrating: true }}
      router={(routes) => (
        <Router location={path} navigator={hashLinks} static>
          {routes}
        </Router>
      )}
    />,
    { onError: (error) => void errors.push(error) },
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) throw errors[0];
  return html;
}

export const renderPublicPage: RenderPublicPage = async (data, language) => {
  const entries = await Promise.all(
    PRERENDERED_SCREENS.map(async (screen) => [screen, await render(data, language, PATHS[screen])] as const),
  );
  return Object.fromEntries(entries) as Record<PrerenderedScreen, string>;
};
