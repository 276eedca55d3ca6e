// The baseline for the content benchmark: a plain Fastify route answering a fixed JSON body, no tRPC, no cache
// lookup. Run in its own process by content-query.ts; prints its port once listening.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const payloadFile = process.argv[2];
if (!payloadFile) throw new Error("usage: plain-fastify.ts <payload.json>");
const payload = readFileSync(payloadFile, "utf8");

const app = Fastify();
app.get("/content", (_request, reply) => reply.type("application/json; charset=utf-8").send(payload));
const address = await app.listen({ host: "127.0.0.1", port: 0 });
console.log(`listening ${address}`);
