// Preloaded into the BFF by `pnpm bench` (NODE_OPTIONS=--import): adds the ceiling route, a plain Fastify route on
// the same server answering fixed JSON bytes, so production code carries no benchmark route. Plain JavaScript, so it
// preloads into any build of the BFF (TypeScript through tsx, or a bundle).
import { subscribe } from "node:diagnostics_channel";
import { readFileSync } from "node:fs";

export const CEILING_PATH = "/__bench/ceiling";

const bodyFile = process.env.BENCH_CEILING_BODY;
if (!bodyFile) throw new Error("BENCH_CEILING_BODY must name the file holding the ceiling route's JSON body.");

// Fastify announces each instance it creates on this channel; the BFF creates one.
subscribe("fastify.initialization", ({ fastify }) => {
  // Read on first use: the benchmark writes the content query's own bytes there once the BFF answers.
  let body;
  fastify.get(CEILING_PATH, (_request, reply) => {
    body ??= readFileSync(bodyFile);
    reply.type("application/json").send(body);
  });
});
