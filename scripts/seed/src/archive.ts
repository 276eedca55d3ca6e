// `seed data archive <dir>`: what the couple keeps after the day, as plain files that need nothing to open — the
// guestbook (JSON, CSV and a static HTML page), the program (JSON, CSV) and the answers (the same rsvp.json and
// rsvp.csv as `seed rsvp export`). The folder appears complete or not at all: everything is written into a hidden
// sibling first, then swapped in with renames. Running it again replaces an earlier archive in the same folder, unless
// that archive holds more messages or households than are stored now.
import { randomBytes } from "node:crypto";
import { readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "@boda/kit/fs-atomic";
import { CommandError, plural } from "@boda/kit/problems";
import { pickText } from "@boda/server/contract/language";
import type { FirebaseHandles } from "@boda/server/firebase/admin";
import { listGuestbook } from "./commands/guestbook";
import { exportRsvps, readRsvpData, writeCsv } from "./commands/rsvp";
import { guestbookPage } from "./guestbook-page";

/** Every file an archive holds; a folder holding anything else is not overwritten. */
export const ARCHIVE_FILES = [
  "guestbook.html",
  "guestbook.json",
  "guestbook.csv",
  "program.json",
  "program.csv",
  "rsvp.json",
  "rsvp.csv",
] as const;

async function checkTarget(dir: string): Promise<void> {
  const existing = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    if (error.code === "ENOTDIR") return [path.basename(dir)];
    throw error;
  });
  const foreign = existing.filter((name) => !(ARCHIVE_FILES as readonly string[]).includes(name));
  if (foreign.length > 0) {
    throw new CommandError(`${dir} already holds other files; nothing was written.`, [
      {
        where: dir,
        message: `choose a new folder (or one with an earlier archive); found ${foreign.slice(0, 3).join(", ")}${foreign.length > 3 ? "…" : ""}`,
        example: "pnpm seed data archive recuerdos-boda",
      },
    ]);
  }
}

/** How many guestbook messages and households an archive holds (0 for a file that is missing or unreadable). */
async function archivedCounts(dir: string): Promise<{ messages: number; households: number }> {
  const count = async (file: string, list: string) => {
    try {
      const parsed = JSON.parse(await readFile(path.join(dir, file), "utf8")) as Record<string, unknown>;
      return Array.isArray(parsed[list]) ? parsed[list].length : 0;
    } catch {
      return 0;
    }
  };
  return { messages: await count("guestbook.json", "messages"), households: await count("rsvp.json", "households") };
}

/**
 * Replacing an earlier archive must never lose memories: after a purge (or a forget) the store holds less than the
 * archive did, so that archive is kept and the couple is asked for a new folder.
 */
async function checkNothingLost(dir: string, messages: number, households: number): Promise<void> {
  const before = await archivedCounts(dir);
  if (messages >= before.messages && households >= before.households) return;
  throw new CommandError(`${dir} holds an archive with more than is stored now; it was kept and nothing was written.`, [
    {
      where: dir,
      message: `it has ${plural(before.messages, "guestbook message")} and ${plural(before.households, "household")}; now there are ${messages} and ${households} (after a purge or a forget?). Archive into a new folder`,
      example: "pnpm seed data archive recuerdos-boda-2",
    },
  ]);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

export async function writeArchive(firebase: FirebaseHandles, dir: string, now: Date): Promise<string[]> {
  await checkTarget(dir);
  const data = await readRsvpData(firebase);
  const { content } = data;
  const messages = await listGuestbook(firebase);
  await checkNothingLost(dir, messages.length, data.entries.length);
  const visible = messages.filter((each) => !each.hidden);
  const suffix = randomBytes(6).toString("hex");
  const staging = path.join(path.dirname(dir), `.${path.basename(dir)}.${suffix}.tmp`);
  try {
    await exportRsvps(data, staging, { now });
    await writeFileAtomic(
      path.join(staging, "guestbook.json"),
      `${JSON.stringify(
        {
          exportedAt: now.toISOString(),
          messages: messages.map(({ id, name, message, createdAt, hidden }) => ({
            id,
            name,
            message,
            createdAt: new Date(createdAt).toISOString(),
            hidden: hidden ?? false,
          })),
        },
        null,
        2,
      )}\n`,
    );
    await writeCsv(
      path.join(staging, "guestbook.csv"),
      messages.map(({ name, message, createdAt, hidden }) => ({
        created_at: new Date(createdAt).toISOString(),
        name,
        message,
        hidden: hidden ? "yes" : "no",
      })),
    );
    await writeFileAtomic(
      path.join(staging, "guestbook.html"),
      guestbookPage({
        coupleNames: content.couple.names.join(" y "),
        timeZone: content.wedding.timeZone,
        messages: visible,
      }),
    );
    const { wedding, couple, locations, events } = content;
    await writeFileAtomic(
      path.join(staging, "program.json"),
      `${JSON.stringify({ exportedAt: now.toISOString(), wedding, couple: couple.names, events, locations }, null, 2)}\n`,
    );
    const places = new Map(locations.map((location) => [location.id, location]));
    await writeCsv(
      path.join(staging, "program.csv"),
      events.map((event) => ({
        start: event.start,
        end: event.end,
        title_es: pickText(event.title, "es"),
        title_en: pickText(event.title, "en"),
        place: places.get(event.locationId)?.name ?? event.locationId,
        address: places.get(event.locationId)?.address ?? "",
      })),
    );
    // Swap in: an earlier archive moves aside first, and is removed only once the new one is in place.
    const previous = path.join(path.dirname(dir), `.${path.basename(dir)}.${suffix}.old`);
    const hadPrevious = await exists(dir);
    if (hadPrevious) await rename(dir, previous);
    await rename(staging, dir);
    if (hadPrevious) await rm(previous, { recursive: true, force: true });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return [
    `Wrote ${dir}:`,
    `  guestbook.html, guestbook.json, guestbook.csv (${plural(messages.length, "message")}, ${visible.length} shown on the page)`,
    `  program.json, program.csv (${plural(content.events.length, "event")})`,
    `  rsvp.json, rsvp.csv (${plural(data.entries.length, "household")})`,
  ];
}
