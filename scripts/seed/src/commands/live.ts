// `seed live set "<message>"` / `seed live clear`: the banner guests see on the day, kept at `/live` in the
// Realtime Database. One multi-path update per command, so a reader never sees half a status.

import type { Io } from "@boda/kit/io";
import { CommandError } from "@boda/kit/problems";
import { LIVE_PATH, MAX_LIVE_MESSAGE_CHARS } from "@boda/server/contract/live";
import type { FirebaseHandles } from "@boda/server/firebase/admin";
import type { Command } from "commander";
import { ServerValue } from "firebase-admin/database";
import { type TargetOptions, withFirebase } from "../target";

export function checkLiveMessage(message: string): string {
  const trimmed = message.trim();
  if (trimmed === "") {
    throw new CommandError("The live message is empty; nothing was written.", [
      {
        where: "message",
        message: "write the text guests should see, in quotes",
        example: 'pnpm seed live set "La ceremonia empieza en 10 minutos"',
      },
    ]);
  }
  if (trimmed.length > MAX_LIVE_MESSAGE_CHARS) {
    throw new CommandError("The live message is too long; nothing was written.", [
      {
        where: "message",
        message: `${trimmed.length} characters; keep it under ${MAX_LIVE_MESSAGE_CHARS} so it fits on a phone screen`,
      },
    ]);
  }
  return trimmed;
}

/**
 * The time shown beside the message is the database's own clock, so a couple's laptop set wrong cannot misdate it;
 * `at` (SEED_NOW, for demos and tests) fixes it instead.
 */
export async function setLive(firebase: FirebaseHandles, message: string, at?: Date): Promise<void> {
  await firebase.database
    .ref()
    .update({ [LIVE_PATH]: { message: checkLiveMessage(message), updatedAt: at?.getTime() ?? ServerValue.TIMESTAMP } });
}

export async function clearLive(firebase: FirebaseHandles): Promise<boolean> {
  const existed = (await firebase.database.ref(LIVE_PATH).get()).exists();
  await firebase.database.ref().update({ [LIVE_PATH]: null });
  return existed;
}

export function registerLiveCommand(program: Command, io: Io, targetOptions: () => TargetOptions): void {
  const live = program
    .command("live")
    .summary("set <message> | clear: the live message on the day")
    .description(
      "Sets or clears the message shown at the top of the site on the day (e.g. delays, the coach leaving).",
    );
  live
    .command("set")
    .description("show this message to every guest now (replaces the previous one)")
    .argument("<message>", "the text, in quotes")
    .addHelpText(
      "after",
      '\nExamples:\n  pnpm seed live set "La ceremonia empieza en 10 minutos"\n  pnpm seed live set "El autobús sale a las 19:00 desde la iglesia"',
    )
    .action(async (message: string) => {
      const text = checkLiveMessage(message);
      await withFirebase(io, targetOptions(), ["database"], async (firebase) => {
        await setLive(firebase, text, io.env.SEED_NOW ? io.now() : undefined);
        io.out(`Live message set: "${text}"`);
      });
    });
  live
    .command("clear")
    .description("remove the live message")
    .addHelpText("after", "\nExample:\n  pnpm seed live clear")
    .action(async () => {
      await withFirebase(io, targetOptions(), ["database"], async (firebase) => {
        io.out((await clearLive(firebase)) ? "Live message removed." : "No live message was shown; nothing to clear.");
      });
    });
}
