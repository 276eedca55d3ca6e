// The whole page as one element, the same in the browser (hash router) and in the BFF's prerender (static router at
// one path): the providers, the routes, and the moment the page was rendered for what changes with the time.
import type { AppRouter } from "@boda/server/app-router";
import type { Language } from "@boda/server/contract/language";
import type { PublicPageData } from "@boda/server/contract/public-page";
import type { QueryClient } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { type ReactNode, StrictMode } from "react";
import type { Session } from "../lib/session";
import type { BffClient } from "../lib/trpc";
import { RenderedAtProvider } from "../lib/use-now";
import { AppProviders } from "./providers";
import { AppRoutes } from "./router";

interface PageAppProps {
  trpcClient: BffClient;
  queryClient: QueryClient;
  session: Session;
  /** Wraps the routes in a router: HashRouter in the browser, StaticRouter in the prerender. */
  router: (routes: ReactNode) => ReactNode;
  /** The page's HTML: its language and when it was rendered; whether this render hydrates it (or renders it, in the BFF). */
  prerendered?: { language: Language; renderedAt: Date; hydrating: boolean };
}

export function PageApp({ router, prerendered, ...providers }: PageAppProps) {
  return (
    <StrictMode>
      <RenderedAtProvider value={prerendered?.hydrating ? prerendered.renderedAt : undefined}>
        <AppProviders
          {...providers}
          {...(prerendered && { language: prerendered.language, hydrating: prerendered.hydrating })}
        >
          {router(<AppRoutes />)}
        </AppProviders>
      </RenderedAtProvider>
    </StrictMode>
  );
}

/**
 * Puts the prerendered data in the query cache under the keys the screens ask with, as answered at `updatedAt`: the
 * first render then shows exactly what the HTML shows, and nothing is asked again while it is fresh.
 */
export function seedPublicQueries(
  queryClient: QueryClient,
  client: BffClient,
  data: PublicPageData,
  updatedAt: number,
): void {
  const api = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  queryClient.setQueryData(api.site.content.queryKey(), data.site, { updatedAt });
  queryClient.setQueryData(api.locations.list.queryKey(undefined), data.locations, { updatedAt });
  queryClient.setQueryData(api.switches.get.queryKey(), data.switches, { updatedAt });
}
