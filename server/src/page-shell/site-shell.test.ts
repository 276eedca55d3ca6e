// The site shell over real HTTP: the couple's names in <title> before any script runs, link previews from what a
// stranger may see (escaped, refreshed on publish, revalidated by ETag), the manifest and the drawn images.

import { createHash } from "node:crypto";
import { get } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../build-server";
import { PAGE_DATA_ID, type PublicPageData } from "../contract/public-page";
import { exampleContent } from "../test/emulators";
import { createInMemoryServices } from "../test/in-memory-services";
import { webBuild } from "../test/web-build";

const TEMPLATE = `<!doctype html><html lang="es"><head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="description" content="plantilla" />
<meta name="theme-color" content="#ffffff" />
<title>Boda</title>
<!-- site-shell: tags go here -->
</head><body><div id="root"></div></body></html>`;

/** An HTTP GET whose body arrives as sent (fetch would decompress it). */
function request(url: string, init: { headers: Record<string, string> }) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(url, { headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

/** The page's data block, parsed, and the HTML without it. */
function splitPageData(html: string): { data: PublicPageData; rest: string } {
  const block = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">([^<]*)</script>`);
  const found = block.exec(html);
  if (!found?.[1]) throw new Error("the page has no data block");
  return { data: JSON.parse(found[1]) as PublicPageData, rest: html.replace(block, "") };
}

/** Width and height from a PNG's header. */
function pngSize(body: ArrayBuffer): { width: number; height: number } {
  const bytes = Buffer.from(body);
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("the site shell", () => {
  let clock = new Date("2027-06-12T16:30:00Z");
  const bff = createInMemoryServices({ content: exampleContent(), now: () => clock });
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    const dist = webBuild({ "index.html": TEMPLATE });
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
    // The data block holds the page's switches (the answer deadline among them, as switches.get gives anyone).
    const { data, rest } = splitPageData(html);
    expect(data.site.access).toBe("invited-only");
    expect(JSON.stringify(data.site)).not.toContain("2027");
    expect(rest).not.toContain("2027");
    expect(html).not.toContain("Iglesia");
    bff.setSwitches({ stranger_visibility: "basics" });
  });

  it("should carry both public screens, prerendered in Spanish unless the link or the browser asks for English", async () => {
    const spanish = await page({ headers: { "accept-language": "fr-FR, de;q=0.8" } });
    expect(spanish.response.headers.get("vary")).toContain("accept-language");
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toMatch(/<div id="page-home">.*<h1 id="dashboard-title"[^>]*>Lucía &amp; Mateo<\/h1>/s);
    expect(spanish.html).toMatch(/<div id="page-locations">.*<h1 id="locations-title"[^>]*>Ubicaciones<\/h1>/s);
    expect(spanish.html).toContain('href="#/ubicaciones"');

    const english = await page({ headers: { "accept-language": "en-US,en;q=0.9,es;q=0.5" } });
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).toMatch(/<h1 id="locations-title"[^>]*>Locations<\/h1>/);
    expect(english.response.headers.get("etag")).not.toBe(spanish.response.headers.get("etag"));

    const linked = await fetch(`${base}/?lang=es`, { headers: { "accept-language": "en-US" } });
    expect(await linked.text()).toContain('<html lang="es">');
  });

  it("should send the page brotli-compressed under the same ETag, varying by encoding and language", async () => {
    const plain = await page({ headers: { "accept-encoding": "identity" } });
    const raw = await request(`${base}/`, { headers: { "accept-encoding": "br" } });
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(raw.headers.vary).toMatch(/accept-language/);
    expect(raw.headers.vary).toMatch(/accept-encoding/);
    expect(raw.headers.etag).toBe(plain.response.headers.get("etag"));
    const again = await request(`${base}/`, { headers: { "accept-encoding": "br" } });
    expect(again.body.equals(raw.body)).toBe(true);
    expect(brotliDecompressSync(raw.body).toString("utf8")).toBe(plain.html);
  });

  it("should inline the data the screens were rendered from, exactly what a stranger's queries answer", async () => {
    const { data } = splitPageData((await page()).html);
    const answer = async (procedure: string) =>
      ((await (await fetch(`${base}/trpc/${procedure}`)).json()) as { result: { data: unknown } }).result.data;
    expect(data.site).toEqual(await answer("site.content"));
    expect(data.locations).toEqual(await answer("locations.list"));
    expect(data.switches).toEqual(await answer("switches.get"));
  });

  it("should let the first-screen script run by its hash, and no other inline script", async () => {
    const { response, html } = await page();
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
    expect(inline).toHaveLength(1);
    // After the charset and the viewport, so the first paint is laid out for a phone; before everything else.
    expect(html.indexOf("<script>")).toBeGreaterThan(html.indexOf('<meta name="viewport"'));
    expect(html.indexOf("<script>")).toBeLessThan(html.indexOf("<title>"));
    const hash = createHash("sha256")
      .update(inline[0] ?? "")
      .digest("base64");
    const scriptSources = /script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(scriptSources?.split(" ")).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it("should keep text that would close the data block inside it", async () => {
    const content = exampleContent();
    content.couple.names = ["</script><script>alert(1)</script>", "Mateo"];
    bff.publish(content);
    const { html } = await page();
    expect(html).not.toContain("<script>alert(1)");
    expect(splitPageData(html).data.site.couple.names[0]).toBe("</script><script>alert(1)</script>");
    bff.publish(exampleContent());
  });

  it("should render the page afresh each minute on the wedding day, and only on a change otherwise", async () => {
    const etagAt = async (time: string) => {
      clock = new Date(time);
      return (await page()).response.headers.get("etag");
    };
    const before = await etagAt("2027-06-12T16:30:00Z");
    expect(await etagAt("2027-06-12T16:31:30Z")).toBe(before);
    bff.setSwitches({ site_phase: "day-of" });
    const onTheDay = await etagAt("2027-06-12T16:31:30Z");
    expect(splitPageData((await page()).html).data.renderedAt).toBe("2027-06-12T16:31:30.000Z");
    expect(await etagAt("2027-06-12T16:31:59Z")).toBe(onTheDay);
    expect(await etagAt("2027-06-12T16:32:00Z")).not.toBe(onTheDay);
    bff.setSwitches({ site_phase: "rsvp-open" });
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
    const dist = webBuild({ "index.html": TEMPLATE.replace(/<!-- site-shell[^>]*-->/, "") });
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
