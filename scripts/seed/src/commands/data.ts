// `seed data export | forget | archive | purge`: the couple's duties towards their guests' personal data.
// export: everything stored about one household, as JSON (to answer "what do you keep about us?").
// forget: delete all of it for one household (guest list, answers and history, guestbook messages, sign-in account).
// archive: what the couple keeps after the day (guestbook page, program, answers) as files.
// purge: after the wedding, delete every household's personal data.
// forget and purge print what they will delete first, and delete only with --yes; both can be run again safely: an
// interrupted run is finished by the next. Their output gives counts only, never what a guest wrote (allergies and
// dietary notes appear in export files only).
import path from "node:path";
import { writeFileAtomic } from "@boda/kit/fs-atomic";
import type { Io } from "@boda/kit/io";
import { CommandError, plural } from "@boda/kit/problems";
import { Slug } from "@boda/server/contract/content";
import type { FirebaseHandles } from "@boda/server/firebase/admin";
import type { Command } from "commander";
import { writeArchive } from "../archive";
import {
  deleteHouseholdRecords,
  describeRecords,
  type HouseholdRecords,
  isEmpty,
  readAllHouseholdRecords,
  readHouseholdRecords,
} from "../household-records";
import { requirePublishedContent } from "../published-content";
import { checkPurgeDate } from "../purge-date";
import { type TargetOptions, withFirebase } from "../target";

const PUSH_NOTE =
  "Push messages: no tokens are stored by the site (a browser's token is only subscribed to a topic in Firebase Messaging).";

function checkKey(key: string): string {
  if (Slug.safeParse(key).success) return key;
  throw new CommandError(`"${key}" is not a household key; nothing was read or changed.`, [
    {
      where: "--household",
      message: "use the key column of the guest list (lowercase letters, digits and dashes)",
      example: "pnpm seed data export --household garcia-lopez",
    },
  ]);
}

function nothingStored(key: string): string {
  return `nothing is stored about "${key}" (check the key with \`pnpm seed rsvp status\` if you expected something).`;
}

/** The household's records as one JSON document; the invite code itself is left out, since it signs in. */
export function householdExport(records: HouseholdRecords, now: Date): string {
  const { code: _code, ...household } = records.household ?? {};
  return `${JSON.stringify(
    {
      exportedAt: now.toISOString(),
      householdKey: records.key,
      household: records.household ? household : null,
      inviteCodes: records.inviteCodes.length,
      answer: records.answer ?? null,
      history: records.history.map(({ data }) => data),
      guestbook: records.guestbook.map(({ id, entry }) => ({ id, ...entry })),
      signInAccount: records.account ?? null,
      pushSubscriptions: PUSH_NOTE,
    },
    null,
    2,
  )}\n`;
}

export interface DeleteOptions {
  /** Print the plan and delete nothing. */
  dryRun?: boolean;
  /** The couple confirmed the deletion. */
  yes?: boolean;
  /** Tests: throw after this many deletion steps, as a crash halfway would. */
  failAfterSteps?: number;
}

/** Prints what will be deleted, then deletes it when confirmed; returns whether anything was deleted. */
async function deleteWithConfirmation(
  firebase: FirebaseHandles,
  io: Io,
  all: readonly HouseholdRecords[],
  options: DeleteOptions & { command: string },
): Promise<boolean> {
  io.out(`Will delete: ${describeRecords(all)}.`);
  if (options.dryRun) {
    io.out("Dry run: nothing was deleted.");
    return false;
  }
  if (!options.yes) {
    throw new CommandError("Nothing was deleted: deleting cannot be undone, so it needs your confirmation.", [
      {
        where: "command line",
        message: "add --yes to delete what is listed above",
        example: `${options.command} --yes`,
      },
    ]);
  }
  let steps = 0;
  const afterStep = () => {
    steps += 1;
    if (options.failAfterSteps !== undefined && steps >= options.failAfterSteps) {
      throw new Error(`Injected failure after ${steps} deletion steps`);
    }
  };
  for (const records of all) await deleteHouseholdRecords(firebase, records, afterStep);
  return true;
}

export async function forgetHousehold(
  firebase: FirebaseHandles,
  io: Io,
  key: string,
  options: DeleteOptions,
): Promise<void> {
  const records = await readHouseholdRecords(firebase, checkKey(key));
  if (isEmpty(records)) {
    io.out(`No changes: ${nothingStored(key)}`);
    return;
  }
  const command = `pnpm seed data forget --household ${key}`;
  if (await deleteWithConfirmation(firebase, io, [records], { ...options, command })) {
    io.out(`Forgot ${key}: everything listed is deleted; the totals no longer count this household.`);
    io.out(`Remove ${key} from your guest-list file too, or \`pnpm seed invites\` will invite them again.`);
  }
}

export async function purgePersonalData(
  firebase: FirebaseHandles,
  io: Io,
  after: string,
  options: DeleteOptions,
): Promise<void> {
  const content = await requirePublishedContent(firebase.firestore, "the purge checks the wedding's date");
  checkPurgeDate(after, content, io.now());
  const all = await readAllHouseholdRecords(firebase);
  io.out(PUSH_NOTE);
  if (all.length === 0) {
    io.out("No changes: no personal data of households is stored.");
    return;
  }
  io.out(`${plural(all.length, "household")}. Keep what you want first: pnpm seed data archive <folder>.`);
  const command = `pnpm seed data purge --after ${after}`;
  if (await deleteWithConfirmation(firebase, io, all, { ...options, command })) {
    io.out("Purged: no household's personal data is left. The content (program, places) stays published.");
  }
}

export function registerDataCommand(program: Command, io: Io, targetOptions: () => TargetOptions): void {
  const data = program
    .command("data")
    .summary("export | forget | archive | purge: guests' personal data (a copy, deleting it, keeping memories)")
    .description(
      "What is stored about guests: give a household a copy, forget a household, archive what you keep after " +
        "the day, and delete everyone's personal data once the wedding is over.",
    );
  data
    .command("export")
    .description("write everything stored about one household to <out>/<key>.json (its answers included)")
    .requiredOption("--household <key>", "the household's key from the guest list")
    .option("--out <dir>", "folder for the file", "exportar")
    .addHelpText(
      "after",
      "\nThe file holds the answers and dietary needs: share it only with the household.\n\nExample:\n  pnpm seed data export --household garcia-lopez",
    )
    .action(async (options: { household: string; out: string }) => {
      const key = checkKey(options.household);
      await withFirebase(io, targetOptions(), ["firestore", "database", "auth"], async (firebase) => {
        const records = await readHouseholdRecords(firebase, key);
        if (isEmpty(records)) throw new CommandError(`No file was written: ${nothingStored(key)}`);
        const file = path.resolve(io.cwd, options.out, `${key}.json`);
        await writeFileAtomic(file, householdExport(records, io.now()));
        io.out(`Wrote ${file}: ${describeRecords([records])}.`);
      });
    });
  data
    .command("forget")
    .description("delete everything stored about one household; shows what first, deletes only with --yes")
    .requiredOption("--household <key>", "the household's key from the guest list")
    .option("--dry-run", "show what would be deleted without deleting anything")
    .addHelpText(
      "after",
      "\nThe totals count the remaining households. Take the household out of your guest-list file too.\n\n" +
        "Examples:\n  pnpm seed data forget --household garcia-lopez --dry-run\n  pnpm seed data forget --household garcia-lopez --yes",
    )
    .action(async (options: { household: string; dryRun?: boolean }) => {
      const key = checkKey(options.household);
      await withFirebase(io, targetOptions(), ["firestore", "database", "auth"], (firebase) =>
        forgetHousehold(firebase, io, key, { dryRun: options.dryRun, yes: targetOptions().yes }),
      );
    });
  data
    .command("archive")
    .description("save the guestbook (also as a web page), the program and the answers to a folder")
    .argument("<dir>", "a new folder, or one holding an earlier archive (it is replaced)")
    .addHelpText("after", "\nExample:\n  pnpm seed data archive recuerdos-boda")
    .action(async (dir: string) => {
      await withFirebase(io, targetOptions(), ["firestore", "database"], async (firebase) => {
        for (const line of await writeArchive(firebase, path.resolve(io.cwd, dir), io.now())) io.out(line);
      });
    });
  data
    .command("purge")
    .description(
      "after the wedding: delete every household's guest-list entry, answers (allergies included), guestbook " +
        "messages and sign-in account; shows what first, deletes only with --yes",
    )
    .requiredOption("--after <date>", "a day after the wedding's last event (YYYY-MM-DD) that has already come")
    .option("--dry-run", "show what would be deleted without deleting anything")
    .addHelpText(
      "after",
      "\nRun `pnpm seed data archive <folder>` first: the guestbook and the answers are gone afterwards.\n\n" +
        "Examples:\n  pnpm seed data purge --after 2027-07-01 --dry-run\n  pnpm seed data purge --after 2027-07-01 --yes",
    )
    .action(async (options: { after: string; dryRun?: boolean }) => {
      await withFirebase(io, targetOptions(), ["firestore", "database", "auth"], (firebase) =>
        purgePersonalData(firebase, io, options.after, { dryRun: options.dryRun, yes: targetOptions().yes }),
      );
    });
}
