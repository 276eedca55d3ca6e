// Everything a screen needs around it: the query cache, the BFF client and the guest's language.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LanguageProvider } from "../lib/i18n/language";
import { type BffClient, TRPCProvider } from "../lib/trpc";

interface AppProvidersProps {
  children: ReactNode;
  /** Passed in, so the entry can start loading before the first render and tests can put a fake BFF behind it. */
  trpcClient: BffClient;
  queryClient: QueryClient;
}

export function AppProviders({ children, trpcClient, queryClient }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <LanguageProvider>{children}</LanguageProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
