// tRPC over real HTTP from a chosen local address, the way browsers reach the BFF: for tests of who may do what and
// of limits per address, and for the benchmarks (every 127.0.0.x address reaches a server on 127.0.0.1, on Linux).
import http from "node:http";

export interface TrpcAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { result?: { data: unknown }; error?: { message: string; data: Record<string, unknown> } };
}

/**
 * One tRPC call over HTTP, from local address `from` or through `agent` (e.g. one keep-alive agent per household,
 * bound to its own address).
 */
export function call(
  base: string,
  procedure: string,
  options: { input?: unknown; token?: string; mutation?: boolean; from?: string; agent?: http.Agent } = {},
): Promise<TrpcAnswer> {
  const url = new URL(`${base}/trpc/${procedure}`);
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
