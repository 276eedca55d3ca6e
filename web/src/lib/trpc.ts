// The one door to the BFF: a typed tRPC client over batched HTTP, plus the query cache rules for flaky phone signal.
import type { AppRouter } from "@boda/server/app-router";
import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import type { inferRouterOutputs } from "@trpc/server";
import { createTRPCContext } from "@trpc/tanstack-react-query";

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** What the page receives, as it arrives over JSON (optional fields may be absent). */
export type SiteContent = inferRouterOutputs<AppRouter>["site"]["content"];
export type LocationItem = inferRouterOutputs<AppRouter>["locations"]["list"][number];
export type ConfigView = inferRouterOutputs<AppRouter>["config"]["get"];

export type BffClient = ReturnType<typeof createTRPCClient<AppRouter>>;

/** `fetch` is the seam tests use to answer for the BFF; the page uses the browser's. */
export function createBffClient(options: { fetch?: typeof fetch } = {}): BffClient {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: "/trpc", ...(options.fetch ? { fetch: options.fetch } : {}) })],
  });
}

/** The BFF answers NOT_FOUND when nothing is published yet (or an asked-for event does not exist). */
export function isNotFound(error: unknown): boolean {
  return error instanceof TRPCClientError && error.data?.code === "NOT_FOUND";
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The content changes rarely: moving between screens must not wait for the network again.
        staleTime: 5 * 60_000,
        // Weak signal fails often; retry a couple of times, but "not published" will not fix itself by retrying.
        retry: (failureCount, error) => !isNotFound(error) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
