// The cache's retry rule: weak signal deserves another try, a definite answer (nothing published) does not. How
// calls go on the wire: the content query alone at its stable URL, the rest batched.
import { createInMemoryServices } from "@boda/server/test/in-memory-services";
import { describe, expect, it } from "vitest";
import { content } from "../test/fixtures";
import { type BffCall, createBffFetch } from "../test/render-app";
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
  it("sends the content query alone, as GET /trpc/site.content, and batches the rest", async () => {
    const bff = createInMemoryServices({ content });
    const calls: BffCall[] = [];
    const urls: string[] = [];
    const inner = createBffFetch(bff, calls);
    const client = createBffClient({
      fetch: (input, init) => {
        urls.push(`${init?.method ?? "GET"} ${String(input)}`);
        return inner(input, init);
      },
    });
    await Promise.all([client.site.content.query(), client.locations.list.query(), client.config.get.query()]);
    expect(urls).toContain("GET /trpc/site.content");
    expect(urls.filter((url) => url.includes("site.content"))).toEqual(["GET /trpc/site.content"]);
    expect(urls.some((url) => url.includes("batch=1"))).toBe(true);
  });
});
