// The site shell over real HTTP: the couple's names in <title> before any script runs, link previews from what a
// stranger may see (escaped, refreshed on publish, revalidated by ETag), the manifest and the drawn images.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import { exampleContent } from "../test/emulators";
import { createInMemoryServices } from "../test/in-memory-services";

const TEMPLATE = `<!doctype html><html lang="es"><head>
<meta name="description" content="plantilla" />
<meta name="theme-color" content="#ffffff" />
<title>Boda</title>
<!-- site-shell: tags go here -->
</head><body><div id="root"></div></body></html>`;

/** Width and height from a PNG's header. */
function pngSize(body: ArrayBuffer): { width: number; height: number } {
  const bytes = Buffer.from(body);
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("the site shell", () => {
  const bff = createInMemoryServices({ content: exampleContent() });
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "shell-dist-"));
    writeFileSync(path.join(dist, "index.html"), TEMPLATE);
    app = await buildServer({
      services: bff.services,
      resolveViewer: async () => ({ kind: "stranger" }),
      checkFirestore: async () => {},
      webDistDir: dist,
    });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app.close();
  });

  const page = async (init?: RequestInit) => {
    const response = await fetch(`${base}/`, init);
    return { response, html: await response.text() };
  };

  it("should name the couple in the <title> and fill the link preview with the date and the place", async () => {
    const { response, html } = await page();
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(html).toContain("<title>Lucía &amp; Mateo · ¡Nos casamos!</title>");
    expect(html).toContain('<meta property="og:title" content="Lucía &amp; Mateo · ¡Nos casamos!" />');
    expect(html).toContain(
      '<meta property="og:description" content="Sábado, 12 de junio de 2027 · Iglesia Prioral de Santa María · Acompáñanos en Carmona, Sevilla" />',
    );
    expect(html).toContain(`<meta property="og:image" content="${base}/share.png" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain("plantilla");
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    for (const secret of ["ES91", "BODA-LYM", "+34600111222", "Cena de ensayo"]) expect(html).not.toContain(secret);
  });

  it("should keep names that look like markup as text", async () => {
    const content = exampleContent();
    content.couple.names = ['<script>alert("x")</script>', 'Ana "$&" O\'Brien'];
    bff.publish(content);
    const { html } = await page();
    expect(html).not.toContain("<script>alert");
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Ana &quot;$&amp;&quot; O&#39;Brien",
    );
    bff.publish(exampleContent());
  });

  it("should change with a new publish and answer 304 while nothing changed", async () => {
    const first = await page();
    const etag = first.response.headers.get("etag") ?? "";
    expect((await page({ headers: { "if-none-match": etag } })).response.status).toBe(304);
    const content = exampleContent();
    content.hero.title = { es: "¡Nos casamos en Carmona!" };
    bff.publish(content);
    const after = await page({ headers: { "if-none-match": etag } });
    expect(after.response.status).toBe(200);
    expect(after.html).toContain("<title>Lucía &amp; Mateo · ¡Nos casamos en Carmona!</title>");
  });

  it("should show only the names when the couple shows strangers nothing", async () => {
    bff.setSwitches({ stranger_visibility: "nothing" });
    const { html } = await page();
    expect(html).toContain("<title>Lucía &amp; Mateo · Boda</title>");
    expect(html).not.toContain("2027");
    expect(html).not.toContain("Iglesia");
    bff.setSwitches({ stranger_visibility: "basics" });
  });

  it("should serve a manifest with the couple's names and the theme's colours", async () => {
    const response = await fetch(`${base}/manifest.webmanifest`);
    expect(response.headers.get("content-type")).toContain("application/manifest+json");
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      short_name: "Lucía & Mateo",
      start_url: "/#/",
      display: "standalone",
      background_color: "#fbf8f3",
    });
    expect((manifest.icons as Array<{ src: string }>).map((icon) => icon.src)).toEqual([
      "/icons/icon-192.png",
      "/icons/icon-512.png",
      "/icons/maskable-512.png",
    ]);
  });

  it("should draw the icons and the share image at their sizes, and nothing else under /icons", async () => {
    for (const [file, size] of [
      ["icon-192.png", 192],
      ["icon-512.png", 512],
      ["maskable-512.png", 512],
    ] as const) {
      const response = await fetch(`${base}/icons/${file}`);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(pngSize(await response.arrayBuffer())).toEqual({ width: size, height: size });
    }
    expect(pngSize(await (await fetch(`${base}/share.png`)).arrayBuffer())).toEqual({ width: 1200, height: 630 });
    expect((await fetch(`${base}/icons/icon-64.png`)).status).toBe(404);
    expect((await fetch(`${base}/icons/maskable-192.png`)).status).toBe(404);
  });

  it("should never serve the built index.html as it is", async () => {
    const response = await fetch(`${base}/index.html`);
    expect(await response.text()).not.toContain("plantilla");
  });

  it("should refuse to start from a web build whose index.html lost the marker, saying how to fix it", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "shell-dist-"));
    writeFileSync(path.join(dist, "index.html"), TEMPLATE.replace(/<!-- site-shell[^>]*-->/, ""));
    await expect(
      buildServer({
        services: bff.services,
        resolveViewer: async () => ({ kind: "stranger" }),
        checkFirestore: async () => {},
        webDistDir: dist,
      }),
    ).rejects.toThrow(/no <!-- site-shell --> marker.*Keep the marker in web\/index.html/s);
  });
});
