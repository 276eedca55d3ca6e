// `seed guestbook list` / `seed guestbook hide <id>`: moderate guests' messages in the Realtime Database.
// Hiding sets `hidden: true` and never deletes a guest's words, so a mistake can be undone.

import type { Io } from "@boda/kit/io";
import { CommandError } from "@boda/kit/problems";
import { GUESTBOOK_PATH, GuestbookEntry } from "@boda/server/contract/guestbook";
import type { FirebaseHandles } from "@boda/server/firebase/admin";
import type { Command } from "commander";
import { type TargetOptions, withFirebase } from "../target";

export async function listGuestbook(firebase: FirebaseHandles): Promise<Array<GuestbookEntry & { id: string }>> {
  const snapshot = await firebase.database.ref(GUESTBOOK_PATH).orderByChild("createdAt").get();
  const entries: Array<GuestbookEntry & { id: string }> = [];
  snapshot.forEach((child) => {
    const parsed = GuestbookEntry.safeParse(child.val());
    if (parsed.success && child.key) entries.push({ id: child.key, ...parsed.data });
  });
  return entries;
}

/**
 * Sets (or with `hidden: false` clears) the hidden flag and returns the full id. Push ids start with "-", which
 * a command line reads as an option, so the id is also accepted without its leading dash.
 */
export async function setHidden(firebase: FirebaseHandles, id: string, hidden: boolean): Promise<string> {
  const candidates = id.startsWith("-") ? [id] : [id, `-${id}`];
  for (const candidate of candidates) {
    if (!/^[A-Za-z0-9_-]+$/.test(candidate)) continue;
    if ((await firebase.database.ref(`${GUESTBOOK_PATH}/${candidate}`).get()).exists()) {
      await firebase.database.ref().update({ [`${GUESTBOOK_PATH}/${candidate}/hidden`]: hidden });
      return candidate;
    }
  }
  throw new CommandError(`No guestbook message has the id "${id}"; nothing was changed.`, [
    {
      where: "id",
      message: "copy the id from the first column of `pnpm seed guestbook list` (the leading dash may be left out)",
      example: "pnpm seed guestbook hide Nx3kQ2aB1cD4eF5gH6i",
    },
  ]);
}

function formatEntry(entry: GuestbookEntry & { id: string }): string {
  const when = new Date(entry.createdAt).toISOString().slice(0, 16).replace("T", " ");
  return `${entry.id}  ${when}  ${entry.name} (${entry.householdKey})${entry.hidden ? "  [hidden]" : ""}\n    ${entry.message.replace(/\n/g, "\n    ")}`;
}

export function registerGuestbookCommand(program: Command, io: Io, targetOptions: () => TargetOptions): void {
  const guestbook = program
    .command("guestbook")
    .summary("list | hide <id>: read and moderate guestbook messages")
    .description("Lists guestbook messages, hides one that should not be shown, or shows it again.");
  guestbook
    .command("list")
    .description("every message, oldest first, with its id (hidden ones are marked)")
    .addHelpText("after", "\nExample:\n  pnpm seed guestbook list")
    .action(async () => {
      await withFirebase(io, targetOptions(), ["database"], async (firebase) => {
        const entries = await listGuestbook(firebase);
        if (entries.length === 0) io.out("The guestbook is empty.");
        for (const entry of entries) io.out(formatEntry(entry));
        const hidden = entries.filter((entry) => entry.hidden).length;
        if (entries.length > 0) io.out(`${entries.length} messages, ${hidden} hidden.`);
      });
    });
  guestbook
    .command("hide")
    .description("hide a message from the site (it is kept, not deleted)")
    .argument("<id>", "the message id from `guestbook list`")
    .option("--undo", "show the message again")
    .addHelpText(
      "after",
      "\nIds start with a dash; leave it out (or write -- before the id).\n\nExamples:\n  pnpm seed guestbook hide Nx3kQ2aB1cD4eF5gH6i\n  pnpm seed guestbook hide Nx3kQ2aB1cD4eF5gH6i --undo\n  pnpm seed guestbook hide -- -Nx3kQ2aB1cD4eF5gH6i",
    )
    .action(async (id: string, options: { undo?: boolean }) => {
      await withFirebase(io, targetOptions(), ["database"], async (firebase) => {
        const fullId = await setHidden(firebase, id, !options.undo);
        io.out(
          options.undo
            ? `Message ${fullId} is shown again.`
            : `Message ${fullId} is hidden (kept, not deleted; undo with --undo).`,
        );
      });
    });
}
