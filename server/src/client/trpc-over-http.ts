// tRPC over real HTTP, the way browsers reach the BFF, optionally from a chosen local address: for the server's tests
// of who may do what and of limits per address, and for the scripts' tests and benchmarks against a running BFF
// (every 127.0.0.x address reaches a server on 127.0.0.1, on Linux). Not test code, so the scripts may import it.
import http from "node:http";

export interface TrpcAnswer<T = unknown> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { result?: { data: T }; error?: { message: string; data: Record<string, unknown> } };
}

/**
 * One tRPC call over HTTP, from local address `from` or through `agent` (e.g. one keep-alive agent per household,
 * bound to its own address).
 */
export function call<T = unknown>(
  base: string,
  procedure: string,
  options: { input?: unknown; token?: string; mutation?: boolean; from?: string; agent?: http.Agent } = {},
): Promise<TrpcAnswer<T>> {
  // The base may end in a slash or not (`http://127.0.0.1:8787` and `http://127.0.0.1:8787/` are the same server).
  const url = new URL(`trpc/${procedure}`, base.endsWith("/") ? base : `${base}/`);
  if (!options.mutation && options.input !== undefined) url.searchParams.set("input", JSON.stringify(options.input));
  const body = options.mutation ? JSON.stringify(options.input ?? {}) : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent: options.agent,
        method: options.mutation ? "POST" : "GET",
        localAddress: options.from,
        headers: {
          ...(body ? { "content-type": "application/json" } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
