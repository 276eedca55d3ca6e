// `seed content <file>`: validate the content file, show what would change, and publish it atomically with
// dated entries for changed event times or places. `applyContent` is also what `pnpm start` and tests call.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type Io, readInputFile, resolveUserPath } from "@boda/kit/io";
import { CommandError, plural } from "@boda/kit/problems";
import { EXAMPLE_CONTENT_FILE } from "@boda/kit/repo";
import { Content } from "@boda/server/contract/content";
import type { ContentChange } from "@boda/server/contract/content-change";
import { CONTENT_CHANGES_COLLECTION, CONTENT_DOC } from "@boda/server/contract/firestore-paths";
import type { FirebaseHandles } from "@boda/server/firebase/admin";
import type { Command } from "commander";
import { type DocumentReference, Timestamp } from "firebase-admin/firestore";
import { contentEquals, diffContent, eventChanges, formatDiff } from "../content-diff";
import { checkContentText } from "../content-validate";
import { type TargetOptions, withFirebase } from "../target";
import { WriteCounter } from "../write-counter";

export interface ApplyContentOptions {
  firebase: FirebaseHandles;
  /** Path of the content file (absolute, or relative to the process's directory). */
  file: string;
  now?: Date;
  dryRun?: boolean;
  print?: (line: string) => void;
  /** Test hook: throw after this many writes were queued in the transaction, to prove nothing lands. */
  failAfterWrites?: number;
}

export interface ApplyContentResult {
  status: "published" | "unchanged" | "dry-run";
  /** The version stored after the command (unchanged for a dry run). */
  version: number;
  diff: string[];
  changes: ContentChange[];
}

interface StoredContent {
  content: Content;
  version: number;
  /** Why the stored version could not be read as it is. */
  versionProblem?: string;
}

/** Validates, diffs and publishes `file` to `site/content`; throws a CommandError (and writes nothing) on any problem. */
export async function applyContent(options: ApplyContentOptions): Promise<ApplyContentResult> {
  const { firebase, file } = options;
  const now = options.now ?? new Date();
  const print = options.print ?? (() => {});
  const fileLabel = path.basename(file);

  const text = await readInputFile(file, {
    summary: `Cannot read the content file ${file}.`,
    example: "pnpm seed content scripts/seed/content/boda.example.yaml",
  });

  const docRef = firebase.firestore.doc(CONTENT_DOC);
  const stored = await readStored(docRef);
  const check = checkContentText(text, {
    fileLabel,
    now,
    stored: stored?.content,
    exampleText: await readFile(EXAMPLE_CONTENT_FILE, "utf8"),
  });
  if (!check.ok) {
    throw new CommandError(
      `${file} has ${plural(check.problems.length, "problem")}; nothing was published:`,
      check.problems,
    );
  }
  const content = check.content;
  const storedVersion = stored?.version ?? 0;
  if (stored?.versionProblem) print(`! ${stored.versionProblem}; counting it as 0.`);

  if (contentEquals(stored?.content, content)) {
    print(`No changes: ${CONTENT_DOC} already matches ${fileLabel} (version ${storedVersion}).`);
    return { status: "unchanged", version: storedVersion, diff: [], changes: [] };
  }

  const diff = formatDiff(diffContent(stored?.content, content));
  const version = storedVersion + 1;
  const changes: ContentChange[] = eventChanges(stored?.content, content).map((change) => ({
    ...change,
    changedAt: now.toISOString(),
    contentVersion: version,
  }));
  print(stored ? `Changes from version ${storedVersion} to ${version}:` : `First publication of ${fileLabel}:`);
  for (const line of stored ? diff : summarize(content)) print(line);
  for (const change of changes) {
    print(`  ! guests will see a notice: "${change.eventTitle.es}" changed ${change.changed.join(", ")}`);
  }

  if (options.dryRun) {
    print("Dry run: nothing was written.");
    return { status: "dry-run", version: storedVersion, diff, changes };
  }

  const writes = new WriteCounter(options.failAfterWrites);
  await firebase.firestore.runTransaction(async (transaction) => {
    const current = await transaction.get(docRef);
    const currentVersion = current.exists ? versionOf(current.get("version")).version : 0;
    if (currentVersion !== storedVersion) {
      throw new CommandError(
        `Someone published version ${currentVersion} while this command ran; nothing was written. Run it again.`,
      );
    }
    writes.reset();
    writes.count();
    transaction.set(docRef, { content, version, updatedAt: Timestamp.fromDate(now) });
    for (const change of changes) {
      writes.count();
      transaction.create(firebase.firestore.collection(CONTENT_CHANGES_COLLECTION).doc(), change);
    }
  });
  print(
    `Published ${fileLabel} as version ${version}${changes.length > 0 ? ` with ${plural(changes.length, "change notice")}` : ""}.`,
  );
  return { status: "published", version, diff, changes };
}

async function readStored(docRef: DocumentReference): Promise<StoredContent | undefined> {
  const snapshot = await docRef.get();
  if (!snapshot.exists) return undefined;
  // Stored content written by an older schema still diffs; it is only compared, never trusted as valid.
  const parsed = Content.safeParse(snapshot.get("content"));
  return {
    content: parsed.success ? parsed.data : (snapshot.get("content") as Content),
    ...versionOf(snapshot.get("version")),
  };
}

/**
 * The stored version: missing (a document written by hand) counts as 0, and so does anything that is not a whole
 * number, with a word about it; the next publish then starts again from 1 instead of failing forever.
 */
function versionOf(stored: unknown): { version: number; versionProblem?: string } {
  if (stored === undefined) return { version: 0 };
  if (typeof stored === "number" && Number.isSafeInteger(stored) && stored >= 0) return { version: stored };
  return { version: 0, versionProblem: `${CONTENT_DOC} has version ${JSON.stringify(stored)}, not a whole number` };
}

function summarize(content: Content): string[] {
  return [
    `  couple: ${content.couple.names.join(" & ")}, wedding ${content.wedding.date} (${content.wedding.timeZone})`,
    `  ${plural(content.events.length, "event")}: ${content.events.map((event) => event.id).join(", ")}`,
    `  ${plural(content.locations.length, "location")}, ${plural(content.tags.length, "guest tag")}, ${plural(content.faq.length, "FAQ entry", "FAQ entries")}`,
  ];
}

export function registerContentCommand(program: Command, io: Io, targetOptions: () => TargetOptions): void {
  program
    .command("content")
    .summary("validate and publish the content file")
    .description(
      "Validates the content file (YAML), prints what changes against what is published, and publishes it in one " +
        'atomic write. Running it again with the same file says "No changes". Changed event times or places are ' +
        "recorded with a date so guests see what changed. Relative paths start from where you run the command " +
        "(or the repository root).",
    )
    .argument("<file>", "the content file, e.g. scripts/seed/content/boda.example.yaml")
    .option("--dry-run", "validate and show the changes without writing anything")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  pnpm seed content scripts/seed/content/boda.example.yaml",
        "  pnpm seed content mi-boda.yaml --dry-run",
        "  pnpm seed --project boda-lucia-mateo --yes content mi-boda.yaml",
      ].join("\n"),
    )
    .action(async (file: string, options: { dryRun?: boolean }) => {
      const resolved = resolveUserPath(io, file, existsSync);
      await withFirebase(io, targetOptions(), ["firestore"], (firebase) =>
        applyContent({ firebase, file: resolved, now: io.now(), dryRun: options.dryRun, print: io.out }),
      );
    });
}
