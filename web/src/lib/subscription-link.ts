// Live subscriptions over server-sent events, carrying the guest's ID token in a header (never in the URL, where
// proxies would log it). Loaded on first use by the lazy link in trpc.ts, so it never weighs on first paint.
import type { AppRouter } from "@boda/server/app-router";
import { httpSubscriptionLink, type TRPCLink } from "@trpc/client";
import { EventSource } from "eventsource";
import type { Session } from "./session";

export function createSubscriptionLink(url: string, session?: Pick<Session, "idToken">): TRPCLink<AppRouter> {
  return httpSubscriptionLink({
    url,
    EventSource,
    eventSourceOptions: async () => {
      const token = await session?.idToken();
      return {
        fetch: (input, init) =>
          fetch(input, {
            ...init,
            headers: { ...init?.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          }),
      };
    },
  });
}
