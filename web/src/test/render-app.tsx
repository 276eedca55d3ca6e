// The one seam for component tests: a real tRPC client whose fetch answers like the BFF, around the real routes.
import type { AppRouter } from "@boda/server/app-router";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AppProviders } from "../app/providers";
import { routes } from "../app/router";
import { createBffClient, createQueryClient } from "../lib/trpc";
import { emulatorConfig, locations, siteContent } from "./fixtures";

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** One procedure's answer: its data, a tRPC error, or the network failing outright. */
export type Answer<T> = { data: T } | { error: "NOT_FOUND" | "INTERNAL_SERVER_ERROR" } | "network-down";

export interface FakeBff {
  "site.content": () => Answer<Outputs["site"]["content"]>;
  "locations.list": (input: Inputs["locations"]["list"]) => Answer<Outputs["locations"]["list"]>;
  "config.get": () => Answer<Outputs["config"]["get"]>;
}

export interface BffCall {
  path: keyof FakeBff;
  input: unknown;
}

// JSON-RPC codes the tRPC server puts next to the HTTP-ish code.
const RPC_CODES = { NOT_FOUND: -32004, INTERNAL_SERVER_ERROR: -32603 } as const;
const HTTP_STATUS = { NOT_FOUND: 404, INTERNAL_SERVER_ERROR: 500 } as const;

const defaultBff: FakeBff = {
  "site.content": () => ({ data: siteContent }),
  "locations.list": () => ({ data: locations }),
  "config.get": () => ({ data: emulatorConfig }),
};

/** A fetch that decodes httpBatchLink's GET requests and answers each procedure in the tRPC wire format. */
export function createFakeBffFetch(bff: FakeBff, calls: BffCall[]): typeof fetch {
  return async (request) => {
    const url = new URL(String(request), "http://localhost");
    const procedures = decodeURIComponent(url.pathname.replace(/^\/trpc\//, "")).split(",");
    const inputs = JSON.parse(url.searchParams.get("input") ?? "{}") as Record<string, unknown>;
    const answers = procedures.map((path, index) => {
      if (!(path in bff)) throw new Error(`The fake BFF has no ${path}.`);
      const input = inputs[String(index)];
      calls.push({ path: path as keyof FakeBff, input });
      const answer =
        path === "locations.list"
          ? bff[path](input as Inputs["locations"]["list"])
          : bff[path as "site.content" | "config.get"]();
      return { path, answer };
    });
    if (answers.some(({ answer }) => answer === "network-down")) throw new TypeError("Failed to fetch");
    const body = answers.map(({ path, answer }) => {
      if (answer === "network-down") throw new Error("unreachable: handled above");
      if ("data" in answer) return { result: { data: answer.data } };
      const message = answer.error === "NOT_FOUND" ? "The wedding details have not been published yet." : "boom";
      return {
        error: {
          message,
          code: RPC_CODES[answer.error],
          data: { code: answer.error, httpStatus: HTTP_STATUS[answer.error], path },
        },
      };
    });
    return new Response(JSON.stringify(body), { status: 207, headers: { "content-type": "application/json" } });
  };
}

/** Renders any tree (e.g. the real hash router) with the fake BFF behind a real tRPC client and no retries. */
export function renderWithBff(ui: ReactNode, bff: Partial<FakeBff> = {}) {
  const calls: BffCall[] = [];
  const trpcClient = createBffClient({ fetch: createFakeBffFetch({ ...defaultBff, ...bff }, calls) });
  const queryClient = createQueryClient();
  // The page's cache rules, minus retries: they would only slow the error tests down (lib/trpc.test.ts covers them).
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const user = userEvent.setup();
  const view = render(
    <AppProviders trpcClient={trpcClient} queryClient={queryClient}>
      {ui}
    </AppProviders>,
  );
  return { ...view, calls, user };
}

export interface RenderAppOptions {
  /** The history so far, last entry current, e.g. ["/", "/ubicaciones?evento=ceremonia"]. */
  history?: string[];
  bff?: Partial<FakeBff>;
}

/** Renders the real routes in a memory history. */
export function renderApp({ history = ["/"], bff = {} }: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: history, initialIndex: history.length - 1 });
  return { ...renderWithBff(<RouterProvider router={router} />, bff), router };
}
