// `seed invites <csv>`: create or update households and their invite codes in one transaction, then write the
// links, QR codes and printable cards. Re-running keeps every code; `--rotate <key>` replaces a leaked one.
import { existsSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { writeFileAtomic } from "@boda/kit/fs-atomic";
import { type Io, readInputFile, resolveUserPath } from "@boda/kit/io";
import { CommandError, plural } from "@boda/kit/problems";
import { householdUid } from "@boda/server/auth/viewer";
import { HOUSEHOLDS_COLLECTION } from "@boda/server/contract/firestore-paths";
import { Household, INVITE_CODES_COLLECTION } from "@boda/server/contract/household";
import type { FirebaseHandles } from "@boda/server/firebase/admin";
import type { Command } from "commander";
import { type HouseholdRow, parseGuestList, unknownTagProblems } from "../csv";
import { generateUniqueInviteCode } from "../invite-codes";
import { cardsHtml, type InviteCard, inviteLink, linksCsv, qrSvg } from "../invite-output";
import { requirePublishedContent } from "../published-content";
import { type TargetOptions, withFirebase } from "../target";
import { MAX_WRITES_PER_COMMIT, WriteCounter } from "../write-counter";
import { endSessions } from "./couple";

export const DEFAULT_BASE_URL = "http://127.0.0.1:8787";

/** The site address invite links start with: --base-url, else SITE_URL, else the local BFF. */
export function siteBaseUrl(io: Io, option: string | undefined): { url: string; source: string } {
  const [raw, source] = option
    ? [option, "--base-url"]
    : io.env.SITE_URL
      ? [io.env.SITE_URL, "SITE_URL"]
      : [DEFAULT_BASE_URL, "the local default; set SITE_URL or --base-url for the real site"];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CommandError(`"${raw}" (${source}) is not a web address.`, [
      { where: source, message: "must be the site's address", example: "--base-url https://boda.example.com" },
    ]);
  }
  if (!["http:", "https:"].includes(url.protocol)) {
    throw new CommandError(`"${raw}" (${source}) must start with https:// (or http:// locally).`);
  }
  return { url: url.href.replace(/\/+$/, ""), source };
}

export interface ApplyInvitesOptions {
  firebase: FirebaseHandles;
  file: string;
  baseUrl: string;
  /** Folder for links, QR codes and cards; nothing is written there on a dry run. */
  outDir: string;
  now?: Date;
  dryRun?: boolean;
  /** Household keys whose code is replaced (a leaked link). */
  rotate?: readonly string[];
  print?: (line: string) => void;
  /** Test hook: throw after this many queued writes, to prove the transaction leaves nothing behind. */
  failAfterWrites?: number;
}

export interface ApplyInvitesResult {
  created: string[];
  updated: string[];
  unchanged: string[];
  rotated: string[];
  households: Household[];
}

type StoredHousehold = Household;

export async function applyInvites(options: ApplyInvitesOptions): Promise<ApplyInvitesResult> {
  const { firebase, file } = options;
  const now = options.now ?? new Date();
  const print = options.print ?? (() => {});
  const fileLabel = path.basename(file);
  const rotate = [...new Set(options.rotate ?? [])];

  const text = await readInputFile(file, {
    summary: `Cannot read the guest list ${file}.`,
    example: "pnpm seed invites scripts/seed/content/invitados.example.csv",
  });
  const parsed = parseGuestList(text, fileLabel);

  const content = await requirePublishedContent(firebase.firestore, "the guest list's tags are checked against it");
  const problems = [
    ...parsed.problems,
    ...unknownTagProblems(
      parsed.rows,
      content.tags.map((tag) => tag.id),
      fileLabel,
    ),
  ];

  const storedSnapshot = await firebase.firestore.collection(HOUSEHOLDS_COLLECTION).get();
  const stored = new Map<string, StoredHousehold>();
  const codeOwner = new Map<string, string>();
  for (const doc of storedSnapshot.docs) {
    const household = Household.safeParse(doc.data());
    if (!household.success) {
      problems.push({
        where: `${HOUSEHOLDS_COLLECTION}/${doc.id} (stored)`,
        message: `is not a valid household: ${household.error.issues[0]?.message}`,
      });
      continue;
    }
    const other = codeOwner.get(household.data.code);
    if (other)
      problems.push({
        where: `${HOUSEHOLDS_COLLECTION}/${doc.id} (stored)`,
        message: `has the same code as ${other}; rotate one of them`,
        example: `pnpm seed invites ${fileLabel} --rotate ${doc.id}`,
      });
    codeOwner.set(household.data.code, doc.id);
    stored.set(doc.id, household.data);
  }
  for (const key of rotate) {
    if (!stored.has(key)) {
      problems.push({
        where: `--rotate ${key}`,
        message: "no stored household has this key, so it has no code to replace; check the key column",
        example: `--rotate ${[...stored.keys()][0] ?? "garcia-lopez"}`,
      });
    } else if (!parsed.rows.some((row) => row.key === key)) {
      problems.push({
        where: `--rotate ${key}`,
        message: `the household is stored but not in ${fileLabel}; rotate it with the list that contains it`,
      });
    }
  }
  if (problems.length > 0) {
    throw new CommandError(`${fileLabel}: ${plural(problems.length, "problem")}; nothing was written:`, problems);
  }

  const taken = new Set(codeOwner.keys());
  const result: ApplyInvitesResult = { created: [], updated: [], unchanged: [], rotated: [], households: [] };
  const writesPlanned: Array<{ household: Household; before?: Household; retiredCode?: string }> = [];
  for (const row of parsed.rows) {
    const before = stored.get(row.key);
    const rotating = rotate.includes(row.key);
    const code = before && !rotating ? before.code : generateUniqueInviteCode(taken);
    taken.add(code);
    const household = Household.parse({
      ...fields(row),
      code,
      codeIssuedAt: before && !rotating ? before.codeIssuedAt : now.toISOString(),
    });
    result.households.push(household);
    if (!before) result.created.push(row.key);
    else if (rotating) result.rotated.push(row.key);
    else if (isDeepStrictEqual(before, household)) {
      result.unchanged.push(row.key);
      continue;
    } else result.updated.push(row.key);
    writesPlanned.push({ household, before, retiredCode: rotating ? before?.code : undefined });
  }

  for (const key of result.created) print(`  + ${key}`);
  for (const key of result.updated)
    print(
      `  ~ ${key}: ${changedFields(
        stored.get(key),
        result.households.find((each) => each.key === key),
      ).join(", ")}`,
    );
  for (const key of result.rotated) print(`  ↻ ${key}: new code (the old link stops working)`);
  const notInList = [...stored.keys()].filter((key) => !parsed.rows.some((row) => row.key === key));
  if (notInList.length > 0)
    print(
      `  ${plural(notInList.length, "stored household")} not in ${fileLabel}, left as they are: ${notInList.join(", ")}`,
    );

  const writeCount = writesPlanned.reduce((sum, write) => sum + 2 + (write.retiredCode ? 1 : 0), 0);
  if (writeCount > MAX_WRITES_PER_COMMIT) {
    throw new CommandError(
      `This would write ${writeCount} documents at once, more than the ${MAX_WRITES_PER_COMMIT} one atomic write allows; nothing was written.`,
      [{ where: fileLabel, message: "split the list into two files and run the command for each" }],
    );
  }

  if (options.dryRun) {
    print(`Dry run: ${summary(result)}; nothing was written.`);
    return result;
  }

  if (writesPlanned.length === 0)
    print(`No changes: all ${plural(parsed.rows.length, "household")} already match ${fileLabel}.`);
  else {
    const counter = new WriteCounter(options.failAfterWrites);
    const { firestore } = firebase;
    await firestore.runTransaction(async (transaction) => {
      counter.reset();
      const householdRefs = writesPlanned.map(({ household }) =>
        firestore.collection(HOUSEHOLDS_COLLECTION).doc(household.key),
      );
      const newCodeRefs = writesPlanned
        .filter(({ before, retiredCode }) => !before || retiredCode)
        .map(({ household }) => firestore.collection(INVITE_CODES_COLLECTION).doc(household.code));
      const snapshots = await transaction.getAll(...householdRefs, ...newCodeRefs);
      // Someone else changing these documents since they were read would make this plan wrong: stop instead.
      snapshots.forEach((snapshot, index) => {
        const planned = writesPlanned[index];
        const expected = index < householdRefs.length ? planned?.before : undefined;
        const actual = snapshot.exists ? snapshot.data() : undefined;
        if (index < householdRefs.length ? !isDeepStrictEqual(actual, expected) : snapshot.exists) {
          throw new CommandError(
            `${snapshot.ref.path} changed while this command ran; nothing was written. Run it again.`,
          );
        }
      });
      for (const { household, before, retiredCode } of writesPlanned) {
        counter.count();
        transaction.set(firestore.collection(HOUSEHOLDS_COLLECTION).doc(household.key), household);
        if (!before || retiredCode) {
          counter.count();
          transaction.create(firestore.collection(INVITE_CODES_COLLECTION).doc(household.code), {
            householdKey: household.key,
          });
        }
        if (retiredCode) {
          counter.count();
          transaction.delete(firestore.collection(INVITE_CODES_COLLECTION).doc(retiredCode));
        }
      }
    });
    print(`Saved: ${summary(result)}.`);
    if (result.rotated.length > 0) {
      await endHouseholdSessions(firebase, result.rotated);
      print(`Signed out every device that had opened the old link of: ${result.rotated.join(", ")}.`);
    }
  }

  const cards: InviteCard[] = [];
  for (const household of result.households) {
    const link = inviteLink(options.baseUrl, household.code, household.language);
    cards.push({ household, link, svg: await qrSvg(link) });
  }
  for (const card of cards)
    await writeFileAtomic(path.join(options.outDir, "qr", `${card.household.key}.svg`), card.svg);
  await writeFileAtomic(path.join(options.outDir, "enlaces.csv"), linksCsv(cards));
  await writeFileAtomic(
    path.join(options.outDir, "tarjetas.html"),
    cardsHtml(cards, { names: content.couple.names, date: content.wedding.date }),
  );
  print(
    `Wrote ${options.outDir}: enlaces.csv (links), tarjetas.html (cards to print), qr/ (${plural(cards.length, "QR code")}).`,
  );
  print("Keep this folder private: each link carries its household's code.");
  return result;
}

/**
 * Ends the open sessions of households whose code was just replaced: their Auth users' refresh tokens are revoked,
 * and the BFF (which verifies every token with `checkRevoked`) refuses their ID tokens on the next call — without
 * waiting for its guest-list listener to see the new `codeIssuedAt`, and even while that listener is cut off.
 */
async function endHouseholdSessions(firebase: FirebaseHandles, keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      endSessions(firebase, householdUid(key)).catch((error: { code?: string }) => {
        // A household that never opened its link has no Auth user, so no session to end.
        if (error.code !== "auth/user-not-found") throw error;
      }),
    ),
  );
}

function fields(row: HouseholdRow): Omit<Household, "code" | "codeIssuedAt"> {
  const { row: _row, line: _line, ...household } = row;
  return household;
}

function changedFields(before: Household | undefined, after: Household | undefined): string[] {
  if (!before || !after) return [];
  return (Object.keys(after) as Array<keyof Household>)
    .filter((key) => !isDeepStrictEqual(before[key], after[key]))
    .concat((Object.keys(before) as Array<keyof Household>).filter((key) => !(key in after)));
}

function summary(result: ApplyInvitesResult): string {
  return `${result.created.length} new, ${result.updated.length} updated, ${result.rotated.length} with a new code, ${result.unchanged.length} unchanged`;
}

/**
 * Who on the guest list has no email: if they lose their link, "Lost your invitation?" can only send them to the
 * couple. Lists the households (and their phone, to ask for it) so the couple can fill the gaps.
 */
export function missingEmailReport(rows: readonly HouseholdRow[], fileLabel: string): string[] {
  const missing = rows.filter((row) => !row.email);
  if (missing.length === 0) return [`Every household in ${fileLabel} has an email.`];
  return [
    `${plural(missing.length, "household")} of ${rows.length} in ${fileLabel} without an email (a lost link can only be resent by you):`,
    ...missing.map((row) => `  ${row.key} (row ${row.row}): ${row.displayName}${row.phone ? `, ${row.phone}` : ""}`),
  ];
}

async function printMissingEmail(io: Io, file: string): Promise<void> {
  const fileLabel = path.basename(file);
  const text = await readInputFile(file, {
    summary: `Cannot read the guest list ${file}.`,
    example: "pnpm seed invites invitados.csv --missing-email",
  });
  const { rows, problems } = parseGuestList(text, fileLabel);
  if (problems.length > 0) {
    throw new CommandError(`${fileLabel}: ${plural(problems.length, "problem")}:`, problems);
  }
  for (const line of missingEmailReport(rows, fileLabel)) io.out(line);
}

interface InvitesCommandOptions {
  baseUrl?: string;
  out: string;
  rotate?: string[];
  dryRun?: boolean;
  missingEmail?: boolean;
}

export function registerInvitesCommand(program: Command, io: Io, targetOptions: () => TargetOptions): void {
  program
    .command("invites")
    .summary("create or update invitations from the guest list (links, QR codes, cards)")
    .description(
      "Reads the guest list (CSV, one household per row), saves every household with its invite code, and writes " +
        "the invite links, one QR code per household and a printable sheet of cards. Re-running updates households " +
        "by their key and keeps their codes. Columns: key, name, seats (required); members, children (names " +
        'separated by ";"), plus_ones, tags, language (es/en), email, phone, nicknames (other names they may type ' +
        'to find the invitation), table ("5", or "5; Leo: Infantil" for who sits elsewhere). Semicolon-separated ' +
        'files list names with ",".',
    )
    .argument("<csv>", "the guest list, e.g. scripts/seed/content/invitados.example.csv")
    .option("--base-url <url>", "the site's address for the links (default: SITE_URL, else http://127.0.0.1:8787)")
    .option("--out <dir>", "where to write links, QR codes and cards", "invitaciones")
    .option("--rotate <key...>", "give these households a new code (the old link stops working)")
    .option("--dry-run", "check the list and show what would change without writing anything")
    .option("--missing-email", "only list the households with no email, so you can fill the gaps; writes nothing")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  pnpm seed invites scripts/seed/content/invitados.example.csv",
        "  pnpm seed invites invitados.csv --base-url https://boda.example.com --out tarjetas",
        "  pnpm seed invites invitados.csv --rotate garcia-lopez",
        "  pnpm seed invites invitados.csv --dry-run",
        "  pnpm seed invites invitados.csv --missing-email",
      ].join("\n"),
    )
    .action(async (csv: string, options: InvitesCommandOptions) => {
      const file = resolveUserPath(io, csv, existsSync);
      if (options.missingEmail) {
        await printMissingEmail(io, file);
        return;
      }
      const base = siteBaseUrl(io, options.baseUrl);
      // Auth too when rotating: the rotated households' open sessions are ended.
      const needs = options.rotate?.length ? (["firestore", "auth"] as const) : (["firestore"] as const);
      await withFirebase(io, targetOptions(), needs, async (firebase) => {
        io.out(`Invite links start with ${base.url} (${base.source}).`);
        await applyInvites({
          firebase,
          file,
          baseUrl: base.url,
          outDir: path.resolve(io.cwd, options.out),
          now: io.now(),
          dryRun: options.dryRun,
          rotate: options.rotate,
          print: io.out,
        });
      });
    });
}
