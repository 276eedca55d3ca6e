// Every seed command run as the couple runs it (in-process CLI) against the emulators: the printed messages,
// the exit code, and the stored state after each run — including "nothing written" after every failure.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Io } from "@boda/kit/io";
import { CommandError } from "@boda/kit/problems";
import { EXAMPLE_CONTENT_FILE, REPO_ROOT } from "@boda/kit/repo";
import { CONTENT_CHANGES_COLLECTION, CONTENT_DOC, HOUSEHOLDS_COLLECTION } from "@boda/server/contract/firestore-paths";
import { INVITE_CODES_COLLECTION } from "@boda/server/contract/household";
import { RSVPS_COLLECTION, type Rsvp } from "@boda/server/contract/rsvp";
import { connectFirebase, type FirebaseHandles, firebaseTargetFromEnv } from "@boda/server/firebase/admin";
import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli";
import { applyContent } from "./commands/content";
import { applyInvites } from "./commands/invites";

const REQUIRED = ["FIRESTORE_EMULATOR_HOST", "FIREBASE_AUTH_EMULATOR_HOST", "FIREBASE_DATABASE_EMULATOR_HOST"];
const missing = REQUIRED.filter((name) => !process.env[name]);
if (missing.length > 0 || !(process.env.FIREBASE_PROJECT_ID ?? "").startsWith("demo-")) {
  // These tests delete and rewrite documents: they must never run against anything but the emulators.
  throw new Error(
    `Seed integration tests need the emulators (missing ${missing.join(", ") || "a demo- FIREBASE_PROJECT_ID"}). Run: pnpm emulators exec -- pnpm --filter @boda/seed exec vitest run`,
  );
}

const EXAMPLE_CSV = path.join(REPO_ROOT, "scripts/seed/content/invitados.example.csv");
const EXAMPLE_KEYS = [
  "fernandez-garcia",
  "abuela-rosario",
  "ruiz-ortega",
  "hermanos-ruiz",
  "lopez-navarro",
  "tom-baker",
  "nguyen-smith",
  "companeros-trabajo",
];
/** Distinctive publication times, so the change notices these tests create can be found and removed. */
const NOW = new Date("2026-02-03T04:05:06.000Z");
const work = mkdtempSync(path.join(os.tmpdir(), "seed-it-"));

let firebase: FirebaseHandles;

interface Run {
  code: number;
  out: string;
  err: string;
}

async function seed(...args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    cwd: work,
    env: process.env,
    now: () => NOW,
  };
  const code = await runCli(args, io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

function writeWork(name: string, text: string): string {
  const file = path.join(work, name);
  writeFileSync(file, text);
  return file;
}

async function storedContent(): Promise<{ version: number; content: unknown } | undefined> {
  const snapshot = await firebase.firestore.doc(CONTENT_DOC).get();
  return snapshot.exists ? { version: snapshot.get("version"), content: snapshot.get("content") } : undefined;
}

async function myChanges() {
  const snapshot = await firebase.firestore
    .collection(CONTENT_CHANGES_COLLECTION)
    .where("changedAt", "==", NOW.toISOString())
    .get();
  return snapshot.docs;
}

async function households() {
  const snapshots = await Promise.all(
    EXAMPLE_KEYS.map((key) => firebase.firestore.collection(HOUSEHOLDS_COLLECTION).doc(key).get()),
  );
  return Object.fromEntries(
    snapshots
      .filter((snapshot) => snapshot.exists)
      .map((snapshot) => [snapshot.id, snapshot.data() as { code: string; seats: number }]),
  );
}

async function codeDocs(codes: string[]) {
  const snapshots = await Promise.all(
    codes.map((code) => firebase.firestore.collection(INVITE_CODES_COLLECTION).doc(code).get()),
  );
  return snapshots.filter((snapshot) => snapshot.exists).map((snapshot) => ({ code: snapshot.id, ...snapshot.data() }));
}

/** Removes exactly what these tests create; other suites share the emulators. */
async function resetMine(): Promise<void> {
  const { firestore } = firebase;
  const stored = await households();
  const batch = firestore.batch();
  for (const [key, household] of Object.entries(stored)) {
    batch.delete(firestore.collection(HOUSEHOLDS_COLLECTION).doc(key));
    batch.delete(firestore.collection(INVITE_CODES_COLLECTION).doc(household.code));
    batch.delete(firestore.collection(RSVPS_COLLECTION).doc(key));
  }
  for (const doc of await myChanges()) batch.delete(doc.ref);
  batch.delete(firestore.doc(CONTENT_DOC));
  await batch.commit();
}

beforeAll(async () => {
  firebase = connectFirebase(firebaseTargetFromEnv(), "seed-integration-tests");
  await resetMine();
});

afterAll(async () => {
  await resetMine();
  await firebase.database.ref().update({ live: null, "guestbook/-seedTestOne": null, "guestbook/-seedTestTwo": null });
  await firebase.close();
});

describe.sequential("seed commands against the emulators", () => {
  it("--help lists every command, and each command's help shows examples", async () => {
    const top = await seed("--help");
    expect(top.code).toBe(0);
    for (const command of ["content", "invites", "rsvp", "config", "live", "notify", "guestbook", "couple"])
      expect(top.out).toContain(`  ${command}`);
    const content = await seed("content", "--help");
    expect(content.out).toContain("pnpm seed content scripts/seed/content/boda.example.yaml");
    const set = await seed("config", "set", "--help");
    expect(set.out).toContain("pnpm seed config set site_phase rsvp-open");
  });

  it("content: refuses an invalid file with every problem, and writes nothing", async () => {
    const broken = readFileSync(EXAMPLE_CONTENT_FILE, "utf8")
      .replace('start: "2027-06-12T19:30"', 'start: "2027-06-12T19:30Z"')
      .replace("locationId: iglesia-santa-maria", "locationId: iglesia");
    const run = await seed("content", writeWork("rota.yaml", broken));
    expect(run.code).toBe(1);
    expect(run.err).toContain(`${path.join(work, "rota.yaml")} has 2 problems; nothing was published:`);
    expect(run.err).toMatch(
      /rota\.yaml:\d+:12 events\[2\]\.start\n\s+must be a local time without "Z" \(UTC\), such as "2027-06-12T17:30"/,
    );
    expect(run.err).toMatch(/rota\.yaml:\d+:17 events\[1\]\.locationId\n\s+unknown location "iglesia"/);
    expect(await storedContent()).toBeUndefined();
  });

  it("content: a missing file is named, and nothing is written", async () => {
    const run = await seed("content", "no-existe.yaml");
    expect(run.code).toBe(1);
    expect(run.err).toContain("Cannot read the content file");
    expect(await storedContent()).toBeUndefined();
  });

  it("content: --dry-run shows what would be published and writes nothing", async () => {
    const run = await seed("content", EXAMPLE_CONTENT_FILE, "--dry-run");
    expect(run.code).toBe(0);
    expect(run.out).toContain("First publication of boda.example.yaml:");
    expect(run.out).toContain("Dry run: nothing was written.");
    expect(await storedContent()).toBeUndefined();
  });

  it("content: publishes once, then says no changes", async () => {
    const first = await seed("content", EXAMPLE_CONTENT_FILE);
    expect(first.code).toBe(0);
    expect(first.out).toContain("Published boda.example.yaml as version 1.");
    const snapshot = await firebase.firestore.doc(CONTENT_DOC).get();
    expect(snapshot.get("version")).toBe(1);
    expect(snapshot.get("updatedAt")).toEqual(Timestamp.fromDate(NOW));
    expect(snapshot.get("content.couple.names")).toEqual(["Lucía", "Mateo"]);

    const again = await seed("content", EXAMPLE_CONTENT_FILE);
    expect(again.code).toBe(0);
    expect(again.out).toContain("No changes: site/content already matches boda.example.yaml (version 1).");
    expect((await storedContent())?.version).toBe(1);
  });

  it("content: a failure midway through the transaction leaves content and change notices untouched", async () => {
    const moved = writeWork(
      "movida.yaml",
      readFileSync(EXAMPLE_CONTENT_FILE, "utf8").replace('start: "2027-06-12T18:00"', 'start: "2027-06-12T18:30"'),
    );
    const before = await storedContent();
    await expect(applyContent({ firebase, file: moved, now: NOW, failAfterWrites: 1 })).rejects.toThrow(
      /Injected failure after 1 queued writes/,
    );
    expect(await storedContent()).toEqual(before);
    expect(await myChanges()).toHaveLength(0);
  });

  it("content: a changed time is diffed, published and recorded as a dated change in the same version", async () => {
    const moved = writeWork(
      "movida.yaml",
      readFileSync(EXAMPLE_CONTENT_FILE, "utf8").replace('start: "2027-06-12T18:00"', 'start: "2027-06-12T18:30"'),
    );
    const run = await seed("content", moved);
    expect(run.code).toBe(0);
    expect(run.out).toContain('~ events[ceremonia].start: "2027-06-12T18:00" → "2027-06-12T18:30"');
    expect(run.out).toContain("Published movida.yaml as version 2 with 1 change notice.");
    const changes = await myChanges();
    expect(changes.map((doc) => doc.data())).toEqual([
      expect.objectContaining({
        eventId: "ceremonia",
        changed: ["start"],
        contentVersion: 2,
        before: expect.objectContaining({ start: "2027-06-12T18:00" }),
        after: expect.objectContaining({ start: "2027-06-12T18:30" }),
      }),
    ]);
    // Back to the example for the next tests (a second change notice, version 3).
    expect((await seed("content", EXAMPLE_CONTENT_FILE)).code).toBe(0);
    expect((await storedContent())?.version).toBe(3);
  });

  it("content: a stored version that is missing or not a number (a hand edit) is counted as 0, not refused forever", async () => {
    const moved = writeWork(
      "movida.yaml",
      readFileSync(EXAMPLE_CONTENT_FILE, "utf8").replace('start: "2027-06-12T18:00"', 'start: "2027-06-12T18:30"'),
    );
    const contentDoc = firebase.firestore.doc(CONTENT_DOC);
    await contentDoc.update({ version: FieldValue.delete() });
    const afterMissing = await seed("content", moved);
    expect(afterMissing.err).toBe("");
    expect(afterMissing.out).toContain("Published movida.yaml as version 1 with 1 change notice.");

    await contentDoc.update({ version: "tres" });
    const afterText = await seed("content", EXAMPLE_CONTENT_FILE);
    expect(afterText.code).toBe(0);
    expect(afterText.out).toContain('! site/content has version "tres", not a whole number; counting it as 0.');
    expect(afterText.out).toContain("Published boda.example.yaml as version 1 with 1 change notice.");
    // Put back the version the next tests expect.
    await contentDoc.update({ version: 3 });
  });

  it("invites: refuses a list with problems, naming row and column, and writes nothing", async () => {
    const csv = readFileSync(EXAMPLE_CSV, "utf8")
      .replace(
        "abuela-rosario,Abuela Rosario,1,Rosario Jiménez,,,familia",
        "abuela-rosario,Abuela Rosario,1,Rosario Jiménez,,,primos",
      )
      .replace("lopez-navarro,Sara y Álex,2,", "lopez-navarro,Sara y Álex,1,")
      .replace("tom-baker,", "ruiz-ortega,");
    const run = await seed("invites", writeWork("mala.csv", csv), "--out", "salida");
    expect(run.code).toBe(1);
    expect(run.err).toContain("mala.csv: 3 problems; nothing was written:");
    expect(run.err).toContain('mala.csv row 2 (line 8), column "tags"\n      unknown tag "primos"');
    expect(run.err).toContain('mala.csv row 5 (line 11), column "seats"\n      1 is fewer than the 2 people named');
    expect(run.err).toContain('mala.csv row 6 (line 12), column "key"\n      "ruiz-ortega" is already used by row 3');
    expect(await households()).toEqual({});
    expect(existsSync(path.join(work, "salida"))).toBe(false);
  });

  it("invites: a failure midway through the transaction stores no household and no code", async () => {
    await expect(
      applyInvites({
        firebase,
        file: EXAMPLE_CSV,
        baseUrl: "https://boda.example",
        outDir: path.join(work, "fallo"),
        now: NOW,
        failAfterWrites: 5,
      }),
    ).rejects.toThrow(/Injected failure/);
    expect(await households()).toEqual({});
    expect(existsSync(path.join(work, "fallo"))).toBe(false);
  });

  it("invites: creates households, code lookups, links, QR codes and cards; a re-run changes nothing", async () => {
    const run = await seed("invites", EXAMPLE_CSV, "--base-url", "https://boda.example.com/", "--out", "invitaciones");
    expect(run.code).toBe(0);
    expect(run.out).toContain("Invite links start with https://boda.example.com (--base-url).");
    expect(run.out).toContain("Saved: 8 new, 0 updated, 0 with a new code, 0 unchanged.");
    const stored = await households();
    expect(Object.keys(stored).sort()).toEqual([...EXAMPLE_KEYS].sort());
    const codes = Object.values(stored).map((household) => household.code);
    expect(new Set(codes).size).toBe(8);
    expect(await codeDocs(codes)).toHaveLength(8);
    expect(await codeDocs([stored["ruiz-ortega"]?.code ?? ""])).toEqual([
      { code: stored["ruiz-ortega"]?.code, householdKey: "ruiz-ortega" },
    ]);

    const out = path.join(work, "invitaciones");
    const links = readFileSync(path.join(out, "enlaces.csv"), "utf8");
    expect(links).toContain(`https://boda.example.com/#/?invite=${stored["ruiz-ortega"]?.code}&lang=en`);
    expect(links).toContain(`https://boda.example.com/#/?invite=${stored["fernandez-garcia"]?.code}&lang=es`);
    expect(readdirSync(path.join(out, "qr")).sort()).toEqual(EXAMPLE_KEYS.map((key) => `${key}.svg`).sort());
    expect(readFileSync(path.join(out, "qr", "tom-baker.svg"), "utf8")).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/,
    );
    const cards = readFileSync(path.join(out, "tarjetas.html"), "utf8");
    expect(cards).toContain("Familia Fernández García");
    expect(cards).toContain("You&#39;re invited to our wedding!".replace("&#39;", "'"));
    expect(cards).toContain("Mateo&#39;s parents");

    const again = await seed("invites", EXAMPLE_CSV, "--out", "invitaciones");
    expect(again.out).toContain("No changes: all 8 households already match invitados.example.csv.");
    expect(await households()).toEqual(stored);
  });

  it("invites: an edited row updates the household and keeps its code", async () => {
    const before = await households();
    const csv = readFileSync(EXAMPLE_CSV, "utf8").replace(
      "abuela-rosario,Abuela Rosario,1,Rosario Jiménez,,,",
      "abuela-rosario,Abuela Rosario,2,Rosario Jiménez,,1,",
    );
    const run = await seed("invites", writeWork("editada.csv", csv), "--out", "invitaciones");
    expect(run.out).toContain("~ abuela-rosario: seats, plusOnes");
    const after = await households();
    expect(after["abuela-rosario"]).toMatchObject({ seats: 2, code: before["abuela-rosario"]?.code });
  });

  it("invites: --rotate replaces a leaked code and retires the old one", async () => {
    const before = await households();
    const oldCode = before["tom-baker"]?.code ?? "";
    const run = await seed("invites", EXAMPLE_CSV, "--rotate", "tom-baker", "--out", "invitaciones");
    expect(run.out).toContain("↻ tom-baker: new code (the old link stops working)");
    const after = await households();
    const newCode = after["tom-baker"]?.code ?? "";
    expect(newCode).not.toBe(oldCode);
    expect(after["ruiz-ortega"]?.code).toBe(before["ruiz-ortega"]?.code);
    expect(await codeDocs([oldCode, newCode])).toEqual([{ code: newCode, householdKey: "tom-baker" }]);

    const unknown = await seed("invites", EXAMPLE_CSV, "--rotate", "nadie");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("--rotate nadie");
    expect(await households()).toEqual(after);
  });

  it("rsvp status: totals per event and pending households with WhatsApp reminders in their language", async () => {
    const rsvp: Rsvp = {
      householdKey: "fernandez-garcia",
      respondedAt: NOW.toISOString(),
      revision: 1,
      people: [
        {
          personId: "carmen-garcia",
          name: "Carmen García",
          child: false,
          attending: { "cena-ensayo": true, ceremonia: true, banquete: true, fiesta: true },
          mealId: "vegetariano",
          dietary: ["nut-allergy"],
          dietaryNotes: "nueces",
        },
        {
          personId: "pablo",
          name: "Pablo",
          child: true,
          attending: { ceremonia: true, banquete: true, fiesta: false },
          mealId: "infantil",
          dietary: [],
        },
      ],
      answers: {},
    };
    const declined: Rsvp = {
      householdKey: "tom-baker",
      respondedAt: NOW.toISOString(),
      revision: 1,
      people: [
        {
          personId: "tom-baker",
          name: "Tom Baker",
          child: false,
          attending: { ceremonia: false, banquete: false, fiesta: false },
          dietary: [],
        },
      ],
      answers: {},
    };
    await firebase.firestore.collection(RSVPS_COLLECTION).doc("fernandez-garcia").set(rsvp);
    await firebase.firestore.collection(RSVPS_COLLECTION).doc("tom-baker").set(declined);

    const run = await seed("rsvp", "status", "--base-url", "https://boda.example.com");
    expect(run.code).toBe(0);
    expect(run.out).toContain("Households: 8 invited · 1 confirmed · 1 declined · 6 pending");
    expect(run.out).toMatch(/Ceremonia\s+2 coming · 1 not coming · 15 seats pending \(of 21 invited\)/);
    const code = (await households())["ruiz-ortega"]?.code;
    const english = `Hi Mateo's parents! A friendly reminder from Lucía and Mateo: please let us know by 1 May 2027 whether you can come to our wedding. Everything is here: https://boda.example.com/#/?invite=${code}&lang=en`;
    expect(run.out).toContain(`https://wa.me/447700900123?text=${encodeURIComponent(english)}`);
    expect(run.out).toContain("https://wa.me/34600111444?text=%C2%A1Hola%2C%20Abuela%20Rosario!");
    expect(run.out).not.toContain("Tom & guest (tom-baker");
  });

  it("rsvp export: CSV and JSON of every household and person; --caterer: meals and dietary needs per event", async () => {
    const run = await seed("rsvp", "export", "--out", "exportar");
    expect(run.code).toBe(0);
    const csv = readFileSync(path.join(work, "exportar", "rsvp.csv"), "utf8");
    expect(csv.split("\n")[0]).toContain(
      "household_key,household,language,tags,status,email,phone,person,person_id,child,event:cena-ensayo",
    );
    expect(csv).toContain("fernandez-garcia,Familia Fernández García,es,familia,confirmed");
    const json = JSON.parse(readFileSync(path.join(work, "exportar", "rsvp.json"), "utf8")) as {
      households: Array<{ key: string; status: string; code?: string }>;
    };
    expect(json.households).toHaveLength(8);
    expect(json.households.find((household) => household.key === "tom-baker")).toMatchObject({ status: "declined" });
    expect(json.households.every((household) => household.code === undefined)).toBe(true);

    const caterer = await seed("rsvp", "export", "--caterer", "--out", "exportar");
    expect(caterer.out).toContain(
      "Cóctel y banquete: 2 people — Vegetariano 1, Menú infantil 1; 1 person with dietary needs",
    );
    const catering = readFileSync(path.join(work, "exportar", "catering.csv"), "utf8");
    // Grouped by table: the household's (5), and Pablo's own where the guest list seats him apart.
    expect(catering).toContain(
      "banquete,Cóctel y banquete,2027-06-12T19:30,5,Carmen García,Familia Fernández García,no,Vegetariano,nut-allergy,nueces",
    );
    expect(catering).toContain(
      "banquete,Cóctel y banquete,2027-06-12T19:30,Infantil,Pablo,Familia Fernández García,yes",
    );
  });

  it("config: show and set edit the template file; bad keys and values change nothing", async () => {
    const template = path.join(work, "remoteconfig.template.json");
    copyFileSync(path.join(REPO_ROOT, "remoteconfig.template.json"), template);
    const original = readFileSync(template, "utf8");

    const show = await seed("config", "show", "--template", template);
    expect(show.out).toMatch(/site_phase\s+rsvp-open/);
    expect(show.out).toContain("phases: save-the-date → [rsvp-open] → wedding-week → day-of → after");

    const set = await seed("config", "set", "site_phase", "wedding-week", "--template", template);
    expect(set.code).toBe(0);
    expect(set.out).toContain("site_phase: rsvp-open → wedding-week");
    const edited = readFileSync(template, "utf8");
    expect(edited).toBe(
      original.replace('"defaultValue": { "value": "rsvp-open" }', '"defaultValue": { "value": "wedding-week" }'),
    );
    expect((await seed("config", "set", "site_phase", "wedding-week", "--template", template)).out).toContain(
      "No changes: site_phase is already wedding-week.",
    );

    for (const [key, value, message] of [
      ["rsvp_opne", "true", "unknown switch; the switches are:"],
      ["rsvp_open", "sí", "must be true or false"],
      ["rsvp_deadline", "2025-01-01", "is in the past"],
      ["site_phase", "boda", "must be one of: save-the-date"],
    ] as const) {
      const bad = await seed("config", "set", key, value, "--template", template);
      expect(bad.code).toBe(1);
      expect(bad.err).toContain(message);
      expect(readFileSync(template, "utf8")).toBe(edited);
    }
    expect(readdirSync(work).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("live: set and clear write /live atomically; an empty message writes nothing", async () => {
    const set = await seed("live", "set", "La ceremonia empieza en 10 minutos");
    expect(set.code).toBe(0);
    const live = (await firebase.database.ref("live").get()).val() as { message: string; updatedAt: number };
    expect(live.message).toBe("La ceremonia empieza en 10 minutos");
    expect(typeof live.updatedAt).toBe("number");

    const empty = await seed("live", "set", "   ");
    expect(empty.code).toBe(1);
    expect(empty.err).toContain("The live message is empty");
    expect((await firebase.database.ref("live/message").get()).val()).toBe("La ceremonia empieza en 10 minutos");

    expect((await seed("live", "clear")).out).toContain("Live message removed.");
    expect((await firebase.database.ref("live").get()).exists()).toBe(false);
    expect((await seed("live", "clear")).out).toContain("No live message was shown; nothing to clear.");
  });

  it("guestbook: lists messages, hides one without deleting it, and refuses unknown ids", async () => {
    await firebase.database.ref().update({
      "guestbook/-seedTestOne": {
        householdKey: "tom-baker",
        name: "Tom",
        message: "Congratulations!",
        createdAt: 1_800_000_000_000,
      },
      "guestbook/-seedTestTwo": {
        householdKey: "hermanos-ruiz",
        name: "Marta",
        message: "¡Vivan los novios!",
        createdAt: 1_800_000_100_000,
      },
    });
    const list = await seed("guestbook", "list");
    expect(list.out).toMatch(/-seedTestOne {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}Tom \(tom-baker\)\n {4}Congratulations!/);

    const hide = await seed("guestbook", "hide", "seedTestOne");
    expect(hide.code).toBe(0);
    expect(hide.out).toContain("Message -seedTestOne is hidden");
    expect((await firebase.database.ref("guestbook/-seedTestOne").get()).val()).toMatchObject({
      message: "Congratulations!",
      hidden: true,
    });

    const unknown = await seed("guestbook", "hide", "nope");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No guestbook message has the id "nope"');
    expect((await firebase.database.ref("guestbook/nope").get()).exists()).toBe(false);

    await seed("guestbook", "hide", "seedTestOne", "--undo");
    expect((await firebase.database.ref("guestbook/-seedTestOne/hidden").get()).val()).toBe(false);
  });

  it("notify: in emulator mode says plainly it cannot send", async () => {
    const run = await seed("notify", "El autobús sale en 15 minutos", "--en", "The coach leaves in 15 minutes");
    expect(run.code).toBe(1);
    expect(run.out).toContain("guests-en: Lucía & Mateo — The coach leaves in 15 minutes");
    expect(run.err).toContain("Not sent: push messages need a real Firebase project");
  });

  it("couple add: creates the account with the couple claim once; a bad address creates nothing", async () => {
    const email = `pareja-${process.pid}-${Date.now()}@example.com`;
    const first = await seed("couple", "add", email);
    expect(first.code).toBe(0);
    expect(first.out).toContain(`Created the couple account: ${email}`);
    expect(first.out).toMatch(/Choose a password here: http/);
    const user = await firebase.auth.getUserByEmail(email);
    expect(user.customClaims).toEqual({ couple: true, coupleAccount: "created" });
    expect((await seed("couple", "add", email.toUpperCase())).out).toContain(
      "Already a couple account (nothing changed)",
    );

    const bad = await seed("couple", "add", "lucia-arroba-example");
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('"lucia-arroba-example" is not an email address');
    await firebase.auth.deleteUser(user.uid);
  });

  it("refuses a real project without confirmation, before touching anything", async () => {
    const run = await seed("--project", "boda-real", "content", EXAMPLE_CONTENT_FILE);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/emulator hosts are set|add --yes to confirm/);
    expect((await storedContent())?.version).toBe(3);
  });

  it("an applyContent caller gets a CommandError listing the problems", async () => {
    const error = await applyContent({ firebase, file: writeWork("x.yaml", "couple: 1\n"), now: NOW }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CommandError);
    expect((error as CommandError).problems.map((problem) => problem.where)).toContain("x.yaml:1:9 couple");
  });
});
