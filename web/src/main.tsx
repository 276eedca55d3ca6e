// Entry point: mounts the page with its providers and the hash router.
import type { AppRouter } from "@boda/server/app-router";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { AppProviders } from "./app/providers";
import { createAppRouter } from "./app/router";
import { createBffClient, createQueryClient } from "./lib/trpc";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error('index.html must contain <div id="root">.');

const trpcClient = createBffClient();
const queryClient = createQueryClient();
// Every screen needs the content; ask for it now rather than after the dashboard's code has downloaded.
void queryClient.prefetchQuery(
  createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient }).site.content.queryOptions(),
);

createRoot(container).render(
  <StrictMode>
    <AppProviders trpcClient={trpcClient} queryClient={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
