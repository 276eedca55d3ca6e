// The cache's retry rule: weak signal deserves another try, a definite answer (nothing published) does not. How
// calls go on the wire: the page's public queries each alone at its stable URL, the rest batched.
import { createInMemoryServices } from "@boda/server/test/in-memory-services";
import { describe, expect, it } from "vitest";
import { content, garcia } from "../test/fixtures";
import { createBffFetch } from "../test/render-app";
import { createBffClient, createQueryClient, isNotFound } from "./trpc";

async function failureOf(situation: "network-down" | "nothing-published"): Promise<unknown> {
  const bff = createInMemoryServices({ content: situation === "nothing-published" ? null : content });
  const client = createBffClient({ fetch: createBffFetch(bff, [], () => situation === "network-down") });
  return client.site.content.query().then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error,
  );
}

describe("query retries", () => {
  const retry = createQueryClient().getDefaultOptions().queries?.retry;
  if (typeof retry !== "function") throw new Error("the page's retry rule is a function");

  it("retries a dropped connection twice", async () => {
    const error = await failureOf("network-down");
    expect(isNotFound(error)).toBe(false);
    expect(retry(0, error as Error)).toBe(true);
    expect(retry(1, error as Error)).toBe(true);
    expect(retry(2, error as Error)).toBe(false);
  });

  it("does not retry when the details are not published", async () => {
    const error = await failureOf("nothing-published");
    expect(isNotFound(error)).toBe(true);
    expect(retry(0, error as Error)).toBe(false);
  });
});

describe("calls on the wire", () => {
  /** A client over the real router that records each request's method, URL and Authorization header. */
  function recordingClient(signedIn: boolean) {
    const bff = createInMemoryServices({ content, households: [garcia] });
    const requests: Array<{ url: string; authorization: string | null }> = [];
    const inner = createBffFetch(bff, []);
    const client = createBffClient({
      session: { idToken: async () => (signedIn ? bff.tokenFor(garcia) : null) },
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        requests.push({
          url: `${init?.method ?? "GET"} ${String(input)}`,
          authorization: headers.get("authorization"),
        });
        return inner(input, init);
      },
    });
    return { client, requests };
  }

  it("sends the page's public queries alone, each as a GET on its own stable URL", async () => {
    const { client, requests } = recordingClient(false);
    await Promise.all([
      client.site.content.query(),
      client.locations.list.query(),
      client.locations.list.query({ eventId: "ceremonia" }),
      client.switches.get.query(),
    ]);
    expect(requests.map((request) => request.url).toSorted()).toEqual([
      "GET /trpc/locations.list",
      `GET /trpc/locations.list?input=${encodeURIComponent('{"eventId":"ceremonia"}')}`,
      "GET /trpc/site.content",
      "GET /trpc/switches.get",
    ]);
  });

  it("carries the household's token on its own views, never on the switches, and batches the rest", async () => {
    const { client, requests } = recordingClient(true);
    await Promise.all([
      client.site.content.query(),
      client.locations.list.query(),
      client.switches.get.query(),
      client.invitations.mine.query(),
      client.invitations.mine.query(),
    ]);
    const byUrl = new Map(requests.map((request) => [request.url.split("?")[0], request.authorization]));
    expect(byUrl.get("GET /trpc/site.content")).toMatch(/^Bearer /);
    expect(byUrl.get("GET /trpc/locations.list")).toMatch(/^Bearer /);
    expect(byUrl.get("GET /trpc/switches.get")).toBeNull();
    const batches = requests.filter((request) => request.url.includes("batch=1"));
    expect(batches.map((request) => request.url.split("?")[0])).toEqual([
      "GET /trpc/invitations.mine,invitations.mine",
    ]);
    expect(batches[0]?.authorization).toMatch(/^Bearer /);
  });
});
