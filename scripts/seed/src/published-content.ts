// The content the site is publishing, read back by the commands that depend on it (tags, events, meals, names),
// always validated: a command never builds on a document it has not checked.

import { CommandError } from "@boda/kit/problems";
import { Content } from "@boda/server/contract/content";
import { CONTENT_DOC } from "@boda/server/contract/firestore-paths";
import type { Firestore } from "firebase-admin/firestore";

/** The published content, or undefined when nothing (valid) is published yet. */
export async function readPublishedContent(firestore: Firestore): Promise<Content | undefined> {
  const parsed = Content.safeParse((await firestore.doc(CONTENT_DOC).get()).get("content"));
  return parsed.success ? parsed.data : undefined;
}

/** The published content; a CommandError saying why it is needed when there is none. */
export async function requirePublishedContent(firestore: Firestore, why: string): Promise<Content> {
  const content = await readPublishedContent(firestore);
  if (content) return content;
  throw new CommandError(`Publish the content first: ${why}.`, [
    {
      where: CONTENT_DOC,
      message: "no valid content is published yet",
      example: "pnpm seed content scripts/seed/content/boda.example.yaml",
    },
  ]);
}
