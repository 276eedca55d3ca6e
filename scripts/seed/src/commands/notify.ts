// `seed notify "<message>"`: a push message to guests who opted in, one topic per language. Messaging has no
// emulator, so in emulator mode the command shows what it would send and says plainly that nothing was sent.

import type { Io } from "@boda/kit/io";
import { CommandError } from "@boda/kit/problems";
import type { Language } from "@boda/server/contract/language";
import { notifyTopic } from "@boda/server/contract/notifications";
import type { Command } from "commander";
import { getMessaging, type TopicMessage } from "firebase-admin/messaging";
import { readPublishedContent } from "../published-content";
import { type TargetOptions, withFirebase } from "../target";
import { siteBaseUrl } from "./invites";
import { checkLiveMessage } from "./live";

export interface NotifyInput {
  /** Spanish text (required, like every guest-visible text). */
  message: string;
  /** English text; English-speaking guests get the Spanish one when absent. */
  en?: string;
  /** Notification title, e.g. the couple's names. */
  title: string;
  /** Where tapping the notification leads. */
  link: string;
}

export function buildNotifyMessages(input: NotifyInput): TopicMessage[] {
  const texts: Record<Language, string> = {
    es: checkLiveMessage(input.message),
    en: checkLiveMessage(input.en ?? input.message),
  };
  return (Object.keys(texts) as Language[]).map((language) => ({
    topic: notifyTopic(language),
    notification: { title: input.title, body: texts[language] },
    webpush: { fcmOptions: { link: input.link }, notification: { lang: language } },
  }));
}

export interface NotifyDependencies {
  /** Sends the messages; firebase-admin's Messaging by default. Tests replace only this. */
  send?: (messages: TopicMessage[]) => Promise<{ successCount: number; failureCount: number }>;
}

/** Refuses in emulator mode (nothing can be sent there), otherwise sends every message. */
export async function sendNotification(
  emulated: boolean,
  messages: TopicMessage[],
  send: NonNullable<NotifyDependencies["send"]>,
): Promise<{ successCount: number; failureCount: number }> {
  if (emulated) {
    throw new CommandError(
      "Not sent: push messages need a real Firebase project, and the emulators have no Messaging.",
      [
        {
          where: "target",
          message: "the message above is what guests would receive; send it for real with a real project",
          example: 'pnpm seed --project boda-lucia-mateo --yes notify "¡Empieza la fiesta!"',
        },
      ],
    );
  }
  return send(messages);
}

export function registerNotifyCommand(
  program: Command,
  io: Io,
  targetOptions: () => TargetOptions,
  dependencies: NotifyDependencies = {},
): void {
  program
    .command("notify")
    .summary("send a push message to guests who opted in")
    .description(
      "Sends a push notification to every guest who allowed notifications, in their language (Spanish when no " +
        "English text is given). Only works against a real project: the emulators cannot send push messages.",
    )
    .argument("<message>", "the Spanish text, in quotes")
    .option("--en <message>", "the English text")
    .option("--base-url <url>", "where tapping the notification leads (default: SITE_URL, else http://127.0.0.1:8787)")
    .addHelpText(
      "after",
      '\nExamples:\n  pnpm seed --project boda-lucia-mateo --yes notify "El autobús sale en 15 minutos" --en "The coach leaves in 15 minutes"\n  pnpm seed notify "Prueba"      (emulators: shows the message, sends nothing)',
    )
    .action(async (message: string, options: { en?: string; baseUrl?: string }) => {
      await withFirebase(io, targetOptions(), ["firestore"], async (firebase, target) => {
        const names = (await readPublishedContent(firebase.firestore))?.couple.names;
        const messages = buildNotifyMessages({
          message,
          en: options.en,
          title: names ? names.join(" & ") : "Boda",
          link: `${siteBaseUrl(io, options.baseUrl).url}/#/`,
        });
        for (const each of messages)
          io.out(`  ${each.topic}: ${each.notification?.title} — ${each.notification?.body}`);
        const send = dependencies.send ?? ((all: TopicMessage[]) => getMessaging(firebase.app).sendEach(all));
        const result = await sendNotification(target.emulated, messages, send);
        if (result.failureCount > 0) {
          throw new CommandError(
            `Sent to ${result.successCount} of ${messages.length} language topics; ${result.failureCount} failed. Run it again to retry.`,
          );
        }
        io.out(`Sent to ${messages.length} language topics.`);
      });
    });
}
