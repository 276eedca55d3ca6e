// The one seam for component tests: the page's real tRPC client talks to the BFF's real `appRouter` (through tRPC's
// fetch handler) over in-memory services, so the page and the BFF cannot drift apart. Only the sign-in is
// stood in for: Firebase Auth needs a browser and the Auth emulator, which the end-to-end tests use.
import { type AppRouter, appRouter } from "@boda/server/app-router";
import type { Household } from "@boda/server/contract/household";
import { createInMemoryServices, type InMemoryBff, type InMemoryOptions } from "@boda/server/test/in-memory-services";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TRPCClientError, type TRPCLink, unstable_localLink } from "@trpc/client";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { observable } from "@trpc/server/observable";
import type { ReactNode } from "react";
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
} from "react-router-dom";
import { AppProviders } from "../app/providers";
import { AppRoutes } from "../app/router";
import type { Session, SessionKind } from "../lib/session";
import { createBffClient, createQueryClient } from "../lib/trpc";
import { content, garcia, tom } from "./fixtures";
import { manualClock } from "./manual-clock";

export interface BffCall {
  path: string;
  input: unknown;
}

export interface TestBffOptions extends Partial<InMemoryOptions> {
  /** Procedures whose calls fail as a dropped connection would, while this returns true. */
  networkDown?: (path: string) => boolean;
}

/** A fetch that hands each request to the real router, recording every procedure called and its input. */
export function createBffFetch(
  bff: InMemoryBff,
  calls: BffCall[],
  networkDown?: (path: string) => boolean,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(new URL(String(input), "http://localhost"), init);
    const url = new URL(request.url);
    const paths = decodeURIComponent(url.pathname.replace(/^\/trpc\//, "")).split(",");
    const body = request.method === "POST" ? await request.clone().text() : url.searchParams.get("input");
    const parsed: unknown = body ? JSON.parse(body) : undefined;
    // A batch carries its calls' inputs by position; a single call, its own input.
    const inputs = (url.searchParams.get("batch") === "1" ? (parsed ?? {}) : { 0: parsed }) as Record<string, unknown>;
    for (const [index, path] of paths.entries()) calls.push({ path, input: inputs[String(index)] });
    if (networkDown && paths.some(networkDown)) throw new TypeError("Failed to fetch");
    let viewer: ReturnType<InMemoryBff["viewerForToken"]> | undefined;
    return fetchRequestHandler({
      endpoint: "/trpc",
      req: request,
      router: appRouter,
      createContext: () => ({
        services: bff.services,
        viewer: () => {
          viewer ??= bff.viewerForToken(request.headers.get("authorization") ?? undefined);
          return viewer;
        },
        clientAddress: "127.0.0.1",
      }),
    });
  };
}

/** Stands in for Firebase Auth: signs in with the in-memory BFF's tokens; the couple's password is "correcta". */
export function createTestSession(bff: InMemoryBff, signedInAs: Household | "couple" | null): Session {
  let current = signedInAs;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const households = [garcia, tom];
  return {
    remembered: () => current !== null,
    idToken: async () => (current ? bff.tokenFor(current) : null),
    kind: async (): Promise<SessionKind | null> => (current === "couple" ? "couple" : current ? "household" : null),
    async signInWithInvitation(customToken) {
      const household = households.find((each) => bff.tokenFor(each) === customToken);
      if (!household) throw new Error(`The test session does not know the token ${customToken}.`);
      current = household;
      notify();
    },
    async signInAsCouple(email, password) {
      if (email !== "pareja@example.com" || password !== "correcta") {
        throw Object.assign(new Error("Firebase: Error (auth/invalid-credential)."), {
          code: "auth/invalid-credential",
        });
      }
      current = "couple";
      notify();
    },
    async signOut() {
      current = null;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface RenderOptions {
  /** The in-memory BFF's state: content, switches, households, answers, clock. */
  bff?: TestBffOptions;
  /** Who is signed in on this device when the page opens. */
  signedInAs?: Household | "couple";
  /** How many of the page's first live streams fail, as a 503 from an overloaded server fails one. */
  failedLiveStreams?: number;
}

/** Fails the first `count` subscriptions as an EventSource answered 503 fails them, then hands the rest to `link`. */
function failingFirst(count: number, link: TRPCLink<AppRouter>): TRPCLink<AppRouter> {
  let failures = count;
  return (runtime) => {
    const operation = link(runtime);
    return (call) => {
      if (failures <= 0) return operation(call);
      failures -= 1;
      return observable((observer) => observer.error(new TRPCClientError("The live stream was answered 503 (test).")));
    };
  };
}

/** Renders any tree (e.g. the real hash router) with the real router behind a real tRPC client, no retries. */
export function renderWithBff(ui: ReactNode, options: RenderOptions = {}) {
  const { networkDown, ...state } = options.bff ?? {};
  const bff = createInMemoryServices({ content, households: [garcia, tom], ...state });
  const calls: BffCall[] = [];
  const session = createTestSession(bff, options.signedInAs ?? null);
  const trpcClient = createBffClient({
    session,
    fetch: createBffFetch(bff, calls, networkDown),
    // Live subscriptions run in-process against the same router and services (no EventSource in jsdom).
    subscriptionLink: async () =>
      failingFirst(
        options.failedLiveStreams ?? 0,
        unstable_localLink({
          router: appRouter,
          createContext: async () => {
            const token = await session.idToken();
            const viewer = bff.viewerForToken(token ? `Bearer ${token}` : undefined);
            return { services: bff.services, viewer: () => viewer, clientAddress: "127.0.0.1" };
          },
        }),
      ),
  });
  const queryClient = createQueryClient();
  // The page's cache rules, minus retries: they would only slow the error tests down (lib/trpc.test.ts covers them).
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const user = userEvent.setup();
  // The outbox's retries wait on this clock, which moves only when a test moves it.
  const outboxClock = manualClock(Date.UTC(2027, 3, 20, 5, 41));
  const view = render(
    <AppProviders
      trpcClient={trpcClient}
      queryClient={queryClient}
      session={session}
      liveStartAfterMs={0}
      outbox={{ clock: outboxClock }}
    >
      {ui}
    </AppProviders>,
  );
  return {
    ...view,
    user,
    calls,
    bff,
    session,
    outboxClock,
    /** Ends the in-memory live streams (the page's subscriptions would otherwise outlive the test). */
    stopLive: () => bff.shutdown(),
  };
}

/** Where the memory router is now, for tests that check the address (e.g. that a code left it). */
export interface RouterProbe {
  location: Location;
  /** How the current entry was reached: "REPLACE" for a redirect that left no history behind. */
  navigationType: NavigationType;
  navigate: NavigateFunction;
}

function ProbeLocation({ probe }: { probe: RouterProbe }) {
  probe.location = useLocation();
  probe.navigationType = useNavigationType();
  probe.navigate = useNavigate();
  return null;
}

/** Renders the real routes in a memory history. */
export function renderApp({ history = ["/"], ...options }: RenderOptions & { history?: string[] } = {}) {
  const router = {} as RouterProbe;
  const view = renderWithBff(
    <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
      <AppRoutes />
      <ProbeLocation probe={router} />
    </MemoryRouter>,
    options,
  );
  return { ...view, router };
}
