// Everything a screen needs around it: the query cache, the BFF client, the guest's language, the sign-in and the
// live day.

import type { Language } from "@boda/server/contract/language";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LanguageProvider } from "../lib/i18n/language";
import { LiveProvider } from "../lib/live";
import { OutboxProvider, type OutboxSeams } from "../lib/outbox/use-outbox";
import type { Session } from "../lib/session";
import { type BffClient, TRPCProvider } from "../lib/trpc";
import { SessionProvider } from "../lib/use-session";

interface AppProvidersProps {
  children: ReactNode;
  /** Passed in, so the entry can start loading before the first render and tests can put the router behind it. */
  trpcClient: BffClient;
  queryClient: QueryClient;
  session: Session;
  /** How long the page waits before opening its live stream (tests: at once). */
  liveStartAfterMs?: number;
  /** The language to start in when the page's HTML was rendered in one (the link and the saved choice still win). */
  language?: Language;
  /**
   * Rendering (BFF) or hydrating (browser) the page prerendered for a stranger: it starts as a stranger until a
   * remembered sign-in is checked, so the first render matches the HTML.
   */
  hydrating?: boolean;
  /** Where the outbox keeps what waits, and its clock (tests: memory and a clock they move). */
  outbox?: OutboxSeams;
}

export function AppProviders({
  children,
  trpcClient,
  queryClient,
  session,
  liveStartAfterMs,
  language,
  hydrating = false,
  outbox,
}: AppProvidersProps) {
  const tree = (
    <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
      <LanguageProvider {...(language && { initial: language })}>
        <SessionProvider session={session} hydrating={hydrating}>
          <OutboxProvider {...(outbox && { seams: outbox })}>
            <LiveProvider startAfterMs={liveStartAfterMs}>{children}</LiveProvider>
          </OutboxProvider>
        </SessionProvider>
      </LanguageProvider>
    </TRPCProvider>
  );
  return <QueryClientProvider client={queryClient}>{tree}</QueryClientProvider>;
}
