// The one door to the BFF: a typed tRPC client over HTTP carrying the guest's ID token (the page's public queries
// each on its own, at a stable, cacheable URL; everything else batched), plus the query cache rules for flaky phone
// signal.
import type { AppRouter } from "@boda/server/app-router";
import { MAX_BATCH_SIZE } from "@boda/server/contract/request-limits";
import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError, type TRPCLink } from "@trpc/client";
import type { inferRouterOutputs } from "@trpc/server";
import { observable } from "@trpc/server/observable";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { Session } from "./session";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

type Outputs = inferRouterOutputs<AppRouter>;
/** What the page receives, as it arrives over JSON (optional fields may be absent). */
export type SiteContent = Outputs["site"]["content"];
export type OpenSiteContent = Extract<SiteContent, { access: "basics" | "full" }>;
export type LocationItem = Outputs["locations"]["list"][number];
export type SwitchesView = Outputs["switches"]["get"];
export type Invitation = Outputs["invitations"]["mine"];
export type RsvpOverview = Outputs["rsvp"]["overview"];

export type BffClient = ReturnType<typeof createTRPCClient<AppRouter>>;

/**
 * Calls that must work whoever is signed in: the page's settings (which Auth itself needs to start) and
 * redeeming a link, asking for a sign-in link by email and opening it (which must work even with a stale sign-in).
 * They never wait for, nor carry, a token.
 */
const SESSIONLESS = new Set([
  "switches.get",
  "invitations.redeem",
  "invitations.recover",
  "invitations.finishEmailLink",
]);

/**
 * The queries every page makes go alone, each as a plain GET on its own URL (`/trpc/site.content`,
 * `/trpc/switches.get`, `/trpc/locations.list`, or with `?input=` for one event's place): the BFF answers those URLs
 * from bytes it prepared once per content or switches change, with an ETag, so revisits cost a 304
 * (server/src/http/query-fast-path.ts).
 */
const UNBATCHED = new Set(["site.content", "switches.get", "locations.list"]);

/**
 * A link whose code is fetched the first time an operation needs it (subscriptions: the live banner and the
 * guestbook), so what only those need stays out of the first paint.
 */
function lazyLink(load: () => Promise<TRPCLink<AppRouter>>): TRPCLink<AppRouter> {
  return (runtime) => {
    let operationLink: Promise<ReturnType<TRPCLink<AppRouter>>> | undefined;
    return ({ op, next }) =>
      observable((observer) => {
        let stopped = false;
        let subscription: { unsubscribe(): void } | undefined;
        operationLink ??= load().then((link) => link(runtime));
        operationLink.then(
          (link) => {
            if (!stopped) subscription = link({ op, next }).subscribe(observer);
          },
          (error: unknown) => {
            operationLink = undefined;
            observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error))));
          },
        );
        return () => {
          stopped = true;
          subscription?.unsubscribe();
        };
      });
  };
}

export interface BffClientOptions {
  session?: Pick<Session, "idToken">;
  /** The seam tests use to put the real router behind the client; the page uses the browser's. */
  fetch?: typeof fetch;
  /** Where live subscriptions connect; tests give their own. */
  subscriptionLink?: () => Promise<TRPCLink<AppRouter>>;
}

export function createBffClient(options: BffClientOptions = {}): BffClient {
  const transport = { url: "/trpc", ...(options.fetch ? { fetch: options.fetch } : {}) };
  // The BFF refuses bigger batches; the batch link splits them instead.
  const batched = { ...transport, maxItems: MAX_BATCH_SIZE };
  const subscriptions =
    options.subscriptionLink ??
    (async () =>
      (await import("./subscription-link")).createSubscriptionLink(
        new URL("/trpc", window.location.href).href,
        options.session,
      ));
  const withToken = async (): Promise<Record<string, string>> => {
    const token = await options.session?.idToken();
    return token ? { authorization: `Bearer ${token}` } : {};
  };
  const tokenUnlessSessionless = ({ op }: { op: { path: string } }) => (SESSIONLESS.has(op.path) ? {} : withToken());
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === "subscription",
        true: lazyLink(subscriptions),
        false: splitLink({
          condition: (op) => op.type === "query" && UNBATCHED.has(op.path),
          true: httpLink({ ...transport, headers: tokenUnlessSessionless }),
          false: splitLink({
            condition: (op) => SESSIONLESS.has(op.path),
            true: httpBatchLink(batched),
            false: httpBatchLink({ ...batched, headers: withToken }),
          }),
        }),
      }),
    ],
  });
}

function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? error.data?.code : undefined;
}

/** The machine-readable reason the BFF gives for errors raised on purpose (see docs/errors.md). */
export function errorReason(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { reason?: string } | undefined)?.reason : undefined;
}

/** The BFF answers NOT_FOUND when nothing is published yet (or an asked-for event does not exist). */
export function isNotFound(error: unknown): boolean {
  return errorCode(error) === "NOT_FOUND";
}

/** The BFF refused this device's sign-in (expired, replaced link…): the page signs out and says why. */
export function isSessionRefused(error: unknown): boolean {
  return errorCode(error) === "UNAUTHORIZED" && errorReason(error) !== undefined;
}

/** Answers that will not change by asking again: retrying them only keeps a guest waiting. */
const FINAL_CODES = new Set(["NOT_FOUND", "UNAUTHORIZED", "FORBIDDEN", "BAD_REQUEST", "CONFLICT", "TOO_MANY_REQUESTS"]);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The content changes rarely: moving between screens must not wait for the network again.
        staleTime: 5 * 60_000,
        // Kept (and stored for offline use) as long as the page lives, not dropped after minutes unseen. (A number
        // as large as the storage's 30 days would overflow the timer and drop everything at once.)
        gcTime: Number.POSITIVE_INFINITY,
        // Back from no signal, everything is fetched again: the couple may have changed something meanwhile.
        refetchOnReconnect: "always",
        // Weak signal fails often; retry a couple of times, but a definite answer will not change by retrying.
        retry: (failureCount, error) => !FINAL_CODES.has(errorCode(error) ?? "") && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
