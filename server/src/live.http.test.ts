// The live day over real HTTP, the way pages receive it: a server-sent-events subscription per page fed by the
// BFF's Realtime Database listeners. Announcements, the guestbook (posting, limits, hiding), switches, who may see
// what, and shutting down with streams open.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EventSource } from "eventsource";
import type { FastifyInstance } from "fastify";
import { getDatabase, ServerValue } from "firebase-admin/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "./build-server";
import { idTokenFor } from "./client/emulator-id-token";
import { GUESTBOOK_PATH } from "./contract/guestbook";
import { LIVE_PATH } from "./contract/live";
import type { LiveEvent } from "./contract/live-view";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "./test/emulators";
import { checkRefusal } from "./test/hardening-ledger";
import { storeHousehold, testBff, testHousehold } from "./test/services";

const TEMPLATE = fileURLToPath(new URL("../../remoteconfig.template.json", import.meta.url));

/** An open page's live subscription: every event it received, and a way to wait for one. */
function openFeed(base: string, token?: string) {
  const events: LiveEvent[] = [];
  const source = new EventSource(`${base}/trpc/live.feed`, {
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...init?.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
  });
  source.addEventListener("message", (event) => events.push(JSON.parse(event.data) as LiveEvent));
  return {
    events,
    source,
    async next(predicate: (event: LiveEvent) => boolean): Promise<LiveEvent> {
      await expect.poll(() => events.some(predicate), { timeout: 10_000 }).toBe(true);
      return events.find(predicate) as LiveEvent;
    },
    close: () => source.close(),
  };
}

async function post(base: string, token: string, message: unknown, postId?: string) {
  const response = await fetch(`${base}/trpc/guestbook.post`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ message, postId }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { result?: { data: { id: string } }; error?: { data: Record<string, unknown> } },
  };
}

function setSwitch(file: string, key: string, value: string) {
  const template = JSON.parse(readFileSync(file, "utf8"));
  template.parameters[key].defaultValue.value = value;
  writeFileSync(file, JSON.stringify(template));
}

describe("the live day over HTTP", () => {
  let db: TestFirestore;
  let bff: ReturnType<typeof testBff>;
  let app: FastifyInstance;
  let base: string;
  let switches: string;
  const garcia = testHousehold("garcia-live");
  const ruiz = testHousehold("ruiz-live", { displayName: "Los Ruiz" });
  const tokens: Record<string, string> = {};
  const feeds: Array<ReturnType<typeof openFeed>> = [];
  const feed = (token?: string) => {
    const opened = openFeed(base, token);
    feeds.push(opened);
    return opened;
  };

  beforeAll(async () => {
    db = isolatedFirestore("live");
    switches = path.join(mkdtempSync(path.join(tmpdir(), "live-switches-")), "remoteconfig.template.json");
    copyFileSync(TEMPLATE, switches);
    await publishContent(db.firestore, exampleContent(), 1);
    await storeHousehold(db.firestore, garcia);
    await storeHousehold(db.firestore, ruiz);
    bff = testBff(db, { templateFile: switches, guestbookLimits: { posts: 3, windowSeconds: 600 } });
    app = await buildServer({ ...bff, checkFirestore: async () => {} });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
    for (const household of [garcia, ruiz]) {
      const { token } = await bff.services.invitations.redeem(household.code, "127.0.0.1");
      tokens[household.key] = await idTokenFor(token);
    }
  });
  afterAll(async () => {
    for (const opened of feeds) opened.close();
    await app.close();
    await db.close();
  });

  it("should push an announcement to every open page within moments, and its removal", async () => {
    const stranger = feed();
    const guest = feed(tokens["garcia-live"]);
    await stranger.next((event) => event.kind === "snapshot");
    await guest.next((event) => event.kind === "snapshot");

    await getDatabase(db.app)
      .ref()
      .update({ [LIVE_PATH]: { message: "La ceremonia empieza en 10 minutos", updatedAt: ServerValue.TIMESTAMP } });
    for (const page of [stranger, guest]) {
      const event = await page.next((each) => each.kind === "announcement" && each.announcement !== null);
      expect(event).toMatchObject({ announcement: { message: "La ceremonia empieza en 10 minutos" } });
    }
    await getDatabase(db.app).ref(LIVE_PATH).remove();
    await stranger.next((each) => each.kind === "announcement" && each.announcement === null);
  });

  it("should refuse posts while the guestbook is closed, and open it live for every guest page", async () => {
    const guest = feed(tokens["ruiz-live"]);
    const first = await guest.next((event) => event.kind === "snapshot");
    expect(first).toMatchObject({ state: { guestbook: null, canPost: false, switches: { guestbookEnabled: false } } });
    const closed = await post(base, tokens["garcia-live"] ?? "", "¡Enhorabuena!");
    checkRefusal({
      who: "household garcia-live",
      what: "guestbook.post while the guestbook is closed",
      expected: "403 guestbook-closed",
      answer: `${closed.status} ${closed.body.error?.data.reason}`,
    });

    setSwitch(switches, "guestbook_enabled", "true");
    await guest.next((event) => event.kind === "snapshot" && event.state.canPost);
  });

  it("should show a post to every invited page but no stranger, and take it away when the couple hides it", async () => {
    const stranger = feed();
    const other = feed(tokens["ruiz-live"]);
    await other.next((event) => event.kind === "snapshot" && event.state.guestbook !== null);
    const strangerStart = await stranger.next((event) => event.kind === "snapshot");
    expect(strangerStart).toMatchObject({ state: { guestbook: null, canPost: false } });

    const posted = await post(base, tokens["garcia-live"] ?? "", "¡Viva los novios!\nNos vemos en la pista.");
    expect(posted.status).toBe(200);
    const added = await other.next((event) => event.kind === "guestbook-added");
    expect(added).toMatchObject({
      message: { name: "Familia garcia-live", message: "¡Viva los novios!\nNos vemos en la pista." },
    });
    if (added.kind !== "guestbook-added") throw new Error("unreachable");
    await getDatabase(db.app).ref(`${GUESTBOOK_PATH}/${added.message.id}/hidden`).set(true);
    await other.next((event) => event.kind === "guestbook-removed" && event.id === added.message.id);
    expect(stranger.events.some((event) => event.kind.startsWith("guestbook"))).toBe(false);
  });

  it.each([
    ["an empty message", "   ", "write a message first"],
    ["a message over 280 characters", "¡".repeat(281), "at most 280 characters"],
    ["control characters", "hola\u0007", "control characters"],
    ["not text", { html: "<b>hola</b>" }, ""],
  ])("should refuse %s with a clear error and store nothing", async (_what, message, text) => {
    const before = (await getDatabase(db.app).ref(GUESTBOOK_PATH).get()).numChildren();
    const refused = await post(base, tokens["ruiz-live"] ?? "", message);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.error?.data.issues)).toContain(text);
    expect((await getDatabase(db.app).ref(GUESTBOOK_PATH).get()).numChildren()).toBe(before);
  });

  it("should keep HTML as text: a post is stored and sent exactly as typed", async () => {
    const other = feed(tokens["garcia-live"]);
    await other.next((event) => event.kind === "snapshot");
    expect((await post(base, tokens["ruiz-live"] ?? "", "<img src=x onerror=alert(1)>")).status).toBe(200);
    await other.next(
      (event) => event.kind === "guestbook-added" && event.message.message === "<img src=x onerror=alert(1)>",
    );
  });

  it("should limit how often one household posts, saying when to try again", async () => {
    // garcia-live posted once above; its limit here is 3.
    for (const text of ["dos", "tres"]) expect((await post(base, tokens["garcia-live"] ?? "", text)).status).toBe(200);
    const limited = await post(base, tokens["garcia-live"] ?? "", "cuatro");
    checkRefusal({
      who: "household garcia-live, past its limit",
      what: "guestbook.post",
      expected: "429 too-many-posts",
      answer: `${limited.status} ${limited.body.error?.data.reason}`,
    });
    // Another household is not held back by it.
    expect((await post(base, tokens["ruiz-live"] ?? "", "otra casa")).status).toBe(200);
  });

  it("should store a message sent twice with the same postId once, and answer the second send with its id", async () => {
    const postId = "0b6f3f7e-4c1a-4a57-9a61-2f5d7f0c9e11";
    const stored = async () =>
      Object.values((await getDatabase(db.app).ref(GUESTBOOK_PATH).get()).val() as Record<string, { message: string }>)
        .map((entry) => entry.message)
        .filter((message) => message === "Escrito sin cobertura");
    const first = await post(base, tokens["ruiz-live"] ?? "", "Escrito sin cobertura", postId);
    // The page did not hear the first reply (the signal dropped) and sends the same message again.
    const again = await post(base, tokens["ruiz-live"] ?? "", "Escrito sin cobertura", postId);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.result?.data.id).toBe(postId);
    expect(first.body.result?.data.id).toBe(postId);
    expect(await stored()).toHaveLength(1);
    // Another household reusing that key (it is visible to every guest) does not replace the message.
    const forged = await post(base, tokens["garcia-live"] ?? "", "otra cosa", postId);
    checkRefusal({
      who: "household garcia-live, with another household's postId",
      what: "guestbook.post",
      expected: "409 post-id-taken",
      answer: `${forged.status} ${forged.body.error?.data.reason}`,
    });
    expect(await stored()).toHaveLength(1);
  });

  it.each([
    ["not a UUID", "abc"],
    ["a database path", "../live"],
  ])("should refuse a postId that is %s", async (_what, postId) => {
    const refused = await post(base, tokens["ruiz-live"] ?? "", "hola", postId);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.error?.data.issues)).toContain("postId");
  });

  it("should refuse strangers posting", async () => {
    const response = await fetch(`${base}/trpc/guestbook.post`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "spam" }),
    });
    checkRefusal({ who: "a stranger", what: "guestbook.post", expected: 401, answer: response.status });
  });

  it("should refuse push sign-ups on the emulators, and tokens that are not tokens", async () => {
    const signUp = (token: string) =>
      fetch(`${base}/trpc/notifications.subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens["ruiz-live"]}` },
        body: JSON.stringify({ token, language: "es" }),
      });
    const unavailable = await signUp("dGVzdC10b2tlbg:APA91b");
    expect(unavailable.status).toBe(412);
    expect(((await unavailable.json()) as { error: { data: { reason: string } } }).error.data.reason).toBe(
      "push-unavailable",
    );
    expect((await signUp("<script>")).status).toBe(400);
  });

  it("should push a phase change to open pages without a reload", async () => {
    const page = feed();
    await page.next((event) => event.kind === "snapshot" && event.state.switches.phase === "rsvp-open");
    setSwitch(switches, "site_phase", "day-of");
    await page.next((event) => event.kind === "snapshot" && event.state.switches.phase === "day-of");
  });

  it("should keep the announcement from strangers when the couple shows them nothing", async () => {
    await getDatabase(db.app).ref(LIVE_PATH).set({ message: "Cambio de sala", updatedAt: Date.now() });
    setSwitch(switches, "stranger_visibility", "nothing");
    const stranger = feed();
    await stranger.next((event) => event.kind === "snapshot" && event.state.announcement === null);
    setSwitch(switches, "stranger_visibility", "basics");
    await stranger.next((event) => event.kind === "snapshot" && event.state.announcement?.message === "Cambio de sala");
  });

  it("should close within moments while live streams are open, ending them cleanly", async () => {
    const other = testBff(db, { templateFile: switches });
    const server = await buildServer({ ...other, checkFirestore: async () => {} });
    const url = await server.listen({ host: "127.0.0.1", port: 0 });
    const pages = [openFeed(url), openFeed(url, tokens["garcia-live"])];
    for (const page of pages) await page.next((event) => event.kind === "snapshot");
    // Without ending the streams first, close() waits for them forever; 20 s is a bound for "it hung", not a timing.
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("close() hung with live streams open")), 20_000);
    });
    await Promise.race([server.close(), hung]);
    clearTimeout(timer);
    for (const page of pages) page.close();
  });
});
