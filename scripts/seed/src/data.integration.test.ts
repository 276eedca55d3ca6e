// `seed data export | forget | archive | purge` run as the couple runs them (in-process CLI), on emulators of this
// file's own: the purge deletes every household, which must not pull the floor from under the other seed tests
// sharing the suite's emulators. Checked after each run: the printed lines, the exit code, the stored state, the
// totals — and that no allergy text ever reaches the output.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type RunningEmulators, startEmulators } from "@boda/emulators/harness";
import type { Io } from "@boda/kit/io";
import { EXAMPLE_CONTENT_FILE, REPO_ROOT } from "@boda/kit/repo";
import { householdUid } from "@boda/server/auth/viewer";
import { CONTENT_DOC, HOUSEHOLDS_COLLECTION } from "@boda/server/contract/firestore-paths";
import { GUESTBOOK_PATH } from "@boda/server/contract/guestbook";
import { INVITE_CODES_COLLECTION } from "@boda/server/contract/household";
import { historyDocId, RSVP_HISTORY_SUBCOLLECTION, RSVPS_COLLECTION, type Rsvp } from "@boda/server/contract/rsvp";
import { connectFirebase, type FirebaseHandles, firebaseTargetFromEnv } from "@boda/server/firebase/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli";
import { applyContent } from "./commands/content";
import { purgePersonalData } from "./commands/data";
import { applyInvites } from "./commands/invites";

const EXAMPLE_CSV = path.join(REPO_ROOT, "scripts/seed/content/invitados.example.csv");
/** Before the example wedding (12 June 2027, its last event ends 13 June 04:00 in Madrid). */
const BEFORE = new Date("2027-04-20T05:41:00Z");
const AFTER = new Date("2027-07-02T10:00:00Z");
/** A dietary note no output line may ever contain. */
const ALLERGY = "alergia-secreta-al-pulpo-7f3";
const work = mkdtempSync(path.join(os.tmpdir(), "seed-data-"));

let emulators: RunningEmulators;
let firebase: FirebaseHandles;
let env: NodeJS.ProcessEnv;

interface Run {
  code: number;
  out: string;
  err: string;
}

async function seed(now: Date, ...args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (line) => out.push(line), err: (line) => err.push(line), cwd: work, env, now: () => now };
  const code = await runCli(args, io);
  const run = { code, out: out.join("\n"), err: err.join("\n") };
  expect(`${run.out}\n${run.err}`).not.toContain(ALLERGY);
  return run;
}

function answer(key: string, revision: number, people: Rsvp["people"]): Rsvp {
  return { householdKey: key, respondedAt: BEFORE.toISOString(), revision, people, answers: {} };
}

const carmen: Rsvp["people"][number] = {
  personId: "carmen-garcia",
  name: "Carmen García",
  child: false,
  attending: { "cena-ensayo": true, ceremonia: true, banquete: true, fiesta: true },
  mealId: "pescado",
  dietary: ["shellfish-allergy"],
  dietaryNotes: ALLERGY,
};
const tom: Rsvp["people"][number] = {
  personId: "tom-baker",
  name: "Tom Baker",
  child: false,
  attending: { ceremonia: false, banquete: false, fiesta: false },
  dietary: [],
};

/** Two answers with history, four guestbook messages, two household accounts and the couple's own account. */
async function storeGuestsData(): Promise<void> {
  const { firestore, database, auth } = firebase;
  const saves: Array<[string, Rsvp[]]> = [
    ["fernandez-garcia", [answer("fernandez-garcia", 1, [{ ...carmen, dietaryNotes: undefined }])]],
    ["tom-baker", [answer("tom-baker", 1, [tom])]],
  ];
  saves[0]?.[1].push(answer("fernandez-garcia", 2, [carmen]));
  for (const [key, revisions] of saves) {
    let before: Rsvp | null = null;
    for (const after of revisions) {
      const ref = firestore.collection(RSVPS_COLLECTION).doc(key);
      await ref.set(JSON.parse(JSON.stringify(after)));
      await ref
        .collection(RSVP_HISTORY_SUBCOLLECTION)
        .doc(historyDocId(after.revision))
        .set(
          JSON.parse(
            JSON.stringify({
              revision: after.revision,
              at: BEFORE.toISOString(),
              by: { kind: "household", uid: householdUid(key) },
              before,
              after,
            }),
          ),
        );
      before = after;
    }
  }
  const messages = [
    { householdKey: "fernandez-garcia", name: "Familia Fernández García", message: "¡Vivan los novios!\nOs queremos" },
    {
      householdKey: "fernandez-garcia",
      name: "Familia <b>Fernández</b>",
      message: '<script>alert("x")</script> & <img src="https://tracker.example/x.png">',
    },
    { householdKey: "tom-baker", name: "Tom & guest", message: "Congratulations!" },
    { householdKey: "tom-baker", name: "Tom & guest", message: "oops, hidden", hidden: true },
  ];
  for (const [index, message] of messages.entries()) {
    await database
      .ref(`${GUESTBOOK_PATH}/-msg${index}`)
      .set({ ...message, createdAt: BEFORE.getTime() + index * 60_000 });
  }
  await auth.createUser({ uid: householdUid("fernandez-garcia") });
  await auth.createUser({ uid: householdUid("tom-baker") });
  await auth.createUser({ uid: "couple-kept", email: "lucia@example.com" });
}

async function householdKeys(): Promise<string[]> {
  return (await firebase.firestore.collection(HOUSEHOLDS_COLLECTION).listDocuments()).map((doc) => doc.id).sort();
}

async function guestbookAuthors(): Promise<string[]> {
  const snapshot = await firebase.database.ref(GUESTBOOK_PATH).get();
  return Object.values((snapshot.val() ?? {}) as Record<string, { householdKey: string }>).map(
    (entry) => entry.householdKey,
  );
}

async function uids(): Promise<string[]> {
  return (await firebase.auth.listUsers()).users.map((user) => user.uid).sort();
}

// Starting a second set of emulators beside the suite's busy ones can take minutes on a loaded machine.
beforeAll(async () => {
  emulators = await startEmulators({ ports: "free", log: () => {} });
  // firebase-admin reads the emulator hosts from process.env; this file's worker talks to its own emulators only.
  Object.assign(process.env, emulators.env);
  env = { ...process.env };
  firebase = connectFirebase(firebaseTargetFromEnv(env), "seed-data-tests");
  await applyContent({ firebase, file: EXAMPLE_CONTENT_FILE, now: BEFORE });
  await applyInvites({
    firebase,
    file: EXAMPLE_CSV,
    baseUrl: "https://boda.example.com",
    outDir: path.join(work, "invitaciones"),
    now: BEFORE,
  });
  await storeGuestsData();
}, 300_000);

afterAll(async () => {
  await firebase?.close();
  await emulators?.stop();
});

describe("seed data export", () => {
  it("should write everything stored about one household to a JSON file, printing only counts", async () => {
    const run = await seed(BEFORE, "data", "export", "--household", "fernandez-garcia", "--out", "copia");
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      "1 guest-list entry, 1 invite code, 1 answer (with dietary needs), 2 history entries, 2 guestbook messages (with their authors), 1 sign-in account.",
    );
    const exported = JSON.parse(readFileSync(path.join(work, "copia", "fernandez-garcia.json"), "utf8"));
    expect(exported.household).toMatchObject({ displayName: "Familia Fernández García", phone: "+34600111333" });
    expect(exported.household.code).toBeUndefined();
    expect(exported.answer.people[0].dietaryNotes).toBe(ALLERGY);
    expect(exported.history.map((change: { revision: number }) => change.revision)).toEqual([1, 2]);
    expect(exported.guestbook).toHaveLength(2);
    expect(exported.signInAccount.uid).toBe(householdUid("fernandez-garcia"));
    expect(exported.pushSubscriptions).toContain("no tokens are stored");
  });

  it("should refuse a key nobody has, or one that is not a key, writing nothing", async () => {
    const unknown = await seed(BEFORE, "data", "export", "--household", "nadie-asi", "--out", "vacio");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No file was written: nothing is stored about "nadie-asi"');
    const malformed = await seed(BEFORE, "data", "export", "--household", "García López", "--out", "vacio");
    expect(malformed.code).toBe(1);
    expect(malformed.err).toContain('"García López" is not a household key');
    expect(existsSync(path.join(work, "vacio"))).toBe(false);
  });
});

describe("allergies in the couple's commands", () => {
  it("should be in the caterer's export file, and in no command's printed output", async () => {
    // seed() fails the test if the allergy text reaches any printed line.
    const caterer = await seed(BEFORE, "rsvp", "export", "--caterer", "--out", "catering");
    expect(caterer.code).toBe(0);
    expect(readFileSync(path.join(work, "catering", "catering.csv"), "utf8")).toContain(ALLERGY);
    const history = await seed(BEFORE, "rsvp", "history", "fernandez-garcia");
    expect(history.code).toBe(0);
    expect(history.out).toContain("Carmen García: dietary needs changed (see rsvp export)");
    expect((await seed(BEFORE, "rsvp", "status")).code).toBe(0);
  });
});

describe("seed data archive", () => {
  it("should save the guestbook as an escaped, self-contained page with the program and the answers", async () => {
    const run = await seed(AFTER, "data", "archive", "recuerdos");
    expect(run.code).toBe(0);
    expect(run.out).toContain("(4 messages, 3 shown on the page)");
    const dir = path.join(work, "recuerdos");
    expect(readdirSync(dir).sort()).toEqual([
      "guestbook.csv",
      "guestbook.html",
      "guestbook.json",
      "program.csv",
      "program.json",
      "rsvp.csv",
      "rsvp.json",
    ]);
    const page = readFileSync(path.join(dir, "guestbook.html"), "utf8");
    expect(page).toContain('<html lang="es">');
    expect(page).toContain('name="viewport"');
    expect(page).toContain("default-src 'none'");
    expect(page).toContain("Libro de visitas · Lucía y Mateo");
    expect(page).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img");
    expect(page).toContain("Familia &lt;b&gt;Fernández&lt;/b&gt;");
    expect(page).not.toMatch(/<script|<img|<link/);
    expect(page).not.toContain("oops, hidden");
    expect(page).toContain("¡Vivan los novios!\nOs queremos");
    const guestbook = JSON.parse(readFileSync(path.join(dir, "guestbook.json"), "utf8"));
    expect(guestbook.messages).toHaveLength(4);
    const program = readFileSync(path.join(dir, "program.csv"), "utf8");
    expect(program).toContain("2027-06-12T18:00");
    expect(JSON.parse(readFileSync(path.join(dir, "rsvp.json"), "utf8")).households).toHaveLength(8);
  });

  it("should replace its own earlier archive and refuse a folder holding anything else", async () => {
    expect((await seed(AFTER, "data", "archive", "recuerdos")).code).toBe(0);
    expect(readdirSync(work).filter((name) => name.startsWith(".recuerdos"))).toEqual([]);
    const other = path.join(work, "fotos");
    mkdirSync(other);
    writeFileSync(path.join(other, "boda.jpg"), "jpeg");
    const refused = await seed(AFTER, "data", "archive", "fotos");
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("already holds other files; nothing was written");
    expect(readdirSync(other)).toEqual(["boda.jpg"]);
  });
});

describe("seed data forget", () => {
  it("should show what it would delete and delete nothing on a dry run or without --yes", async () => {
    const dry = await seed(BEFORE, "data", "forget", "--household", "fernandez-garcia", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain("Will delete: 1 guest-list entry, 1 invite code, 1 answer (with dietary needs)");
    expect(dry.out).toContain("Dry run: nothing was deleted.");
    const unconfirmed = await seed(BEFORE, "data", "forget", "--household", "fernandez-garcia");
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.err).toContain("add --yes to delete");
    expect(await householdKeys()).toContain("fernandez-garcia");
    expect(await guestbookAuthors()).toContain("fernandez-garcia");
  });

  it("should delete everything about one household, keep the totals right, and say so when run again", async () => {
    const run = await seed(BEFORE, "data", "forget", "--household", "fernandez-garcia", "--yes");
    expect(run.code).toBe(0);
    expect(run.out).toContain("Forgot fernandez-garcia");
    const { firestore } = firebase;
    expect(await householdKeys()).not.toContain("fernandez-garcia");
    expect((await firestore.collection(RSVPS_COLLECTION).doc("fernandez-garcia").get()).exists).toBe(false);
    const history = await firestore
      .collection(RSVPS_COLLECTION)
      .doc("fernandez-garcia")
      .collection(RSVP_HISTORY_SUBCOLLECTION)
      .get();
    expect(history.empty).toBe(true);
    const codes = await firestore
      .collection(INVITE_CODES_COLLECTION)
      .where("householdKey", "==", "fernandez-garcia")
      .get();
    expect(codes.empty).toBe(true);
    expect(await guestbookAuthors()).toEqual(["tom-baker", "tom-baker"]);
    expect(await uids()).not.toContain(householdUid("fernandez-garcia"));
    // The totals are computed from the stored households and answers: 7 households are left, Tom's answer intact.
    const status = await seed(BEFORE, "rsvp", "status");
    expect(status.out).toContain("Households: 7 invited · 0 confirmed · 1 declined · 6 pending");
    expect(status.out).toContain("Seats:      17 invited");

    const again = await seed(BEFORE, "data", "forget", "--household", "fernandez-garcia", "--yes");
    expect(again.code).toBe(0);
    expect(again.out).toContain('No changes: nothing is stored about "fernandez-garcia"');
  });
});

describe("seed data purge", () => {
  it("should refuse a date before the wedding is over, and a date that has not come yet", async () => {
    const early = await seed(AFTER, "data", "purge", "--after", "2027-06-13", "--yes");
    expect(early.code).toBe(1);
    expect(early.err).toContain("--after 2027-06-13 is before the wedding is over; nothing was deleted.");
    expect(early.err).toContain("the last event ends 2027-06-13 04:00 (Europe/Madrid); choose 2027-06-14 or later");
    const future = await seed(BEFORE, "data", "purge", "--after", "2027-07-01", "--yes");
    expect(future.code).toBe(1);
    expect(future.err).toContain("2027-07-01 has not come yet; nothing was deleted.");
    expect(future.err).toContain("today is 2027-04-20 in Europe/Madrid");
    const notADate = await seed(AFTER, "data", "purge", "--after", "1 July", "--yes");
    expect(notADate.code).toBe(1);
    expect(notADate.err).toContain('--after "1 July" is not a date');
    expect(await householdKeys()).toHaveLength(7);
  });

  it("should list what it will delete first, and finish a purge interrupted halfway when run again", async () => {
    const dry = await seed(AFTER, "data", "purge", "--after", "2027-07-01", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(
      "Will delete: 7 guest-list entries, 7 invite codes, 1 answer (with dietary needs), 1 history entry, 2 guestbook messages (with their authors), 1 sign-in account.",
    );
    expect(await householdKeys()).toHaveLength(7);

    const printed: string[] = [];
    const io: Io = {
      out: (line) => printed.push(line),
      err: (line) => printed.push(line),
      cwd: work,
      env,
      now: () => AFTER,
    };
    // Households go in key order, one step each, Tom's last: step 7 removes his guest-list entry and answer, then
    // the run dies before his guestbook messages and his account.
    await expect(purgePersonalData(firebase, io, "2027-07-01", { yes: true, failAfterSteps: 7 })).rejects.toThrow(
      "Injected failure after 7 deletion steps",
    );
    expect(await householdKeys()).toEqual([]);
    expect(await guestbookAuthors()).toEqual(["tom-baker", "tom-baker"]);
    expect(await uids()).toContain(householdUid("tom-baker"));

    const resumed = await seed(AFTER, "data", "purge", "--after", "2027-07-01", "--yes");
    expect(resumed.code).toBe(0);
    expect(resumed.out).toContain("Purged: no household's personal data is left.");
    const { firestore } = firebase;
    expect(await householdKeys()).toEqual([]);
    expect(await firestore.collection(INVITE_CODES_COLLECTION).listDocuments()).toEqual([]);
    expect(await firestore.collection(RSVPS_COLLECTION).listDocuments()).toEqual([]);
    expect(await guestbookAuthors()).toEqual([]);
    expect(await uids()).toEqual(["couple-kept"]);
    expect((await firestore.doc(CONTENT_DOC).get()).exists).toBe(true);
    const status = await seed(AFTER, "rsvp", "status");
    expect(status.out).toContain("Households: 0 invited · 0 confirmed · 0 declined · 0 pending");

    const again = await seed(AFTER, "data", "purge", "--after", "2027-07-01", "--yes");
    expect(again.code).toBe(0);
    expect(again.out).toContain("No changes: no personal data of households is stored.");

    // The archive made before the purge is what remains of the guestbook: archiving again cannot empty it.
    const overwrite = await seed(AFTER, "data", "archive", "recuerdos");
    expect(overwrite.code).toBe(1);
    expect(overwrite.err).toContain("holds an archive with more than is stored now; it was kept");
    const kept = JSON.parse(readFileSync(path.join(work, "recuerdos", "guestbook.json"), "utf8"));
    expect(kept.messages).toHaveLength(4);
  });
});
