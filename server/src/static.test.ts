// Production mode: the BFF serves the built web app on its own origin, compressed, with cache headers that
// let a new deploy reach guests while hashed assets stay cached for good.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "./build-server";
import { isolatedFirestore, type TestFirestore } from "./test/emulators";
import { testBff } from "./test/services";
import { webBuild } from "./test/web-build";

describe("serving the built web app", () => {
  let db: TestFirestore;
  let bff: ReturnType<typeof testBff>;
  let app: FastifyInstance;
  let base: string;
  const script = `console.log(${JSON.stringify("¡Nos casamos! ".repeat(200))});`;

  beforeAll(async () => {
    const dist = webBuild({
      "index.html": '<!doctype html><html lang="es"><title>Boda</title><!-- site-shell --></html>',
      "assets/index-abc123.js": script,
    });
    db = isolatedFirestore("static");
    bff = testBff(db);
    app = await buildServer({ ...bff, checkFirestore: async () => {}, webDistDir: dist });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it("should serve index.html at / and make browsers revalidate it", async () => {
    const response = await fetch(base);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain("<title>Boda</title>");
  });

  it("should serve hashed assets compressed and cacheable forever", async () => {
    const response = await fetch(`${base}/assets/index-abc123.js`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe(script);
  });

  it("should refuse to start when the build is missing, saying how to build it", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "no-dist-"));
    await expect(buildServer({ ...bff, checkFirestore: async () => {}, webDistDir: empty })).rejects.toThrow(
      "has no index.html; build the web app first with `pnpm build`",
    );
  });
});
