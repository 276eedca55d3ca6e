// `seed rsvp status` (totals, pending households with WhatsApp reminders), `seed rsvp history` (who changed each
// answer, when, and what) and `seed rsvp export` (CSV + JSON; `--caterer`: meals and dietary needs per event).
// Reads only; files written atomically.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "@boda/kit/fs-atomic";
import type { Io } from "@boda/kit/io";
import { CommandError, plural } from "@boda/kit/problems";
import { readSwitches, type TemplateLike } from "@boda/kit/switches-template";
import type { Content } from "@boda/server/contract/content";
import { HOUSEHOLDS_COLLECTION } from "@boda/server/contract/firestore-paths";
import { Household } from "@boda/server/contract/household";
import { RSVP_HISTORY_SUBCOLLECTION, RSVPS_COLLECTION, Rsvp, RsvpChange } from "@boda/server/contract/rsvp";
import { type Entry, statusOf, totals } from "@boda/server/contract/rsvp-totals";
import type { FirebaseHandles } from "@boda/server/firebase/admin";
import type { Command } from "commander";
import { stringify } from "csv-stringify/sync";
import { FieldPath } from "firebase-admin/firestore";
import { inviteLink } from "../invite-output";
import { requirePublishedContent } from "../published-content";
import {
  catererReport,
  describeChange,
  NO_TABLE,
  type PlateCount,
  peopleRows,
  reminderText,
  whatsappLink,
} from "../rsvp-report";
import { spreadsheetSafeRow } from "../spreadsheet-safe";
import { type ResolvedTarget, type TargetOptions, withFirebase } from "../target";
import { emulatorTemplateFile } from "./config";
import { siteBaseUrl } from "./invites";

export interface RsvpData {
  content: Content;
  entries: Entry[];
}

/** Everything the reports need, validated: a stored document that does not match its schema is reported, not guessed. */
export async function readRsvpData(firebase: FirebaseHandles): Promise<RsvpData> {
  const { firestore } = firebase;
  const [content, householdSnapshot, rsvpSnapshot] = await Promise.all([
    requirePublishedContent(firestore, "the reports need its events and meals"),
    firestore.collection(HOUSEHOLDS_COLLECTION).get(),
    firestore.collection(RSVPS_COLLECTION).get(),
  ]);
  const problems = [];
  const rsvps = new Map<string, Rsvp>();
  for (const doc of rsvpSnapshot.docs) {
    const parsed = Rsvp.safeParse(doc.data());
    if (parsed.success) rsvps.set(doc.id, parsed.data);
    else
      problems.push({
        where: `${RSVPS_COLLECTION}/${doc.id}`,
        message: `unreadable answer: ${parsed.error.issues[0]?.message}`,
      });
  }
  const entries: Entry[] = [];
  for (const doc of householdSnapshot.docs) {
    const parsed = Household.safeParse(doc.data());
    if (parsed.success) entries.push({ household: parsed.data, rsvp: rsvps.get(doc.id) });
    else
      problems.push({
        where: `${HOUSEHOLDS_COLLECTION}/${doc.id}`,
        message: `unreadable household: ${parsed.error.issues[0]?.message}`,
      });
  }
  if (problems.length > 0) throw new CommandError("Some stored documents do not match their schema:", problems);
  entries.sort((a, b) => a.household.displayName.localeCompare(b.household.displayName, "es"));
  return { content, entries };
}

/** The RSVP deadline from the switches, for the reminder text; undefined when it cannot be read. */
async function readDeadline(
  firebase: FirebaseHandles,
  target: ResolvedTarget,
  templateFile: string,
): Promise<string | undefined> {
  try {
    const template = target.emulated
      ? (JSON.parse(await readFile(templateFile, "utf8")) as TemplateLike)
      : ((await firebase.remoteConfig.getTemplate()) as TemplateLike);
    return readSwitches(template, "Remote Config").values.rsvp_deadline;
  } catch {
    // A broken template is reported by `config show`; reminders then simply leave the date out.
    return undefined;
  }
}

export function statusReport(data: RsvpData, baseUrl: string, deadline: string | undefined): string[] {
  const sums = totals(data.entries, data.content);
  const { households, seats, people } = sums;
  const lines = [
    `Households: ${households.invited} invited · ${households.confirmed} confirmed · ${households.declined} declined · ${households.pending} pending`,
    `Seats:      ${seats.invited} invited · ${seats.confirmed} in confirmed households · ${seats.declined} declined · ${seats.pending} pending`,
    `People who answered: ${people.coming} coming · ${people.notComing} not coming`,
    "Per event:",
    ...sums.events.map(
      (event) =>
        `  ${event.title.padEnd(22)} ${String(event.coming).padStart(4)} coming · ${event.notComing} not coming · ${event.pendingSeats} seats pending (of ${event.invitedSeats} invited)`,
    ),
  ];
  const pending = data.entries.filter((entry) => statusOf(entry) === "pending");
  lines.push(
    pending.length === 0
      ? "Every household has answered."
      : `Pending (${pending.length}) — open a link to send a WhatsApp reminder:`,
  );
  for (const { household } of pending) {
    const text = reminderText(
      household,
      data.content.couple.names,
      inviteLink(baseUrl, household.code, household.language),
      deadline,
    );
    lines.push(
      `  ${household.displayName} (${household.key}, ${household.language}${household.phone ? "" : ", no phone: pick the chat in WhatsApp"})`,
    );
    lines.push(`    ${whatsappLink(household.phone, text)}`);
  }
  return lines;
}

export async function writeCsv(file: string, rows: ReadonlyArray<Record<string, string | number>>): Promise<void> {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  // The BOM makes spreadsheet programs read accents (Lucía, Begoña) correctly.
  await writeFileAtomic(file, `\uFEFF${stringify(rows.map(spreadsheetSafeRow), { header: true, columns })}`);
}

function plateLine(count: PlateCount): string {
  const meals = Object.entries(count.meals)
    .map(([meal, plates]) => `${meal} ${plates}`)
    .join(", ");
  return `${plural(count.people, "person", "people")} — ${meals || "no meals"}; ${plural(count.dietary, "person", "people")} with dietary needs`;
}

export async function exportRsvps(
  data: RsvpData,
  outDir: string,
  options: { caterer?: boolean; now: Date },
): Promise<string[]> {
  if (options.caterer) {
    const report = catererReport(data.entries, data.content);
    const file = path.join(outDir, "catering.csv");
    await writeCsv(file, report.rows);
    return [
      `Wrote ${file} (${plural(report.rows.length, "plate")}).`,
      ...report.summary.flatMap((event) => [
        `  ${event.title}: ${plateLine(event)}`,
        ...event.tables.map(
          (table) => `    ${table.table === NO_TABLE ? table.table : `table ${table.table}`}: ${plateLine(table)}`,
        ),
      ]),
    ];
  }
  const csvFile = path.join(outDir, "rsvp.csv");
  const jsonFile = path.join(outDir, "rsvp.json");
  const rows = peopleRows(data.entries, data.content);
  await writeCsv(csvFile, rows);
  // Codes are left out: the export is for planning and may be shared; codes sign guests in.
  const households = data.entries.map((entry) => {
    const { code: _code, codeIssuedAt: _issued, ...household } = entry.household;
    return { ...household, status: statusOf(entry), rsvp: entry.rsvp ?? null };
  });
  await writeFileAtomic(
    jsonFile,
    `${JSON.stringify({ exportedAt: options.now.toISOString(), households }, null, 2)}\n`,
  );
  return [
    `Wrote ${csvFile} (${plural(rows.length, "person", "people")}) and ${jsonFile} (${plural(households.length, "household")}).`,
  ];
}

/** Every revision of one household's answer (or of all), oldest first, with who saved it and what changed. */
export async function historyReport(firebase: FirebaseHandles, householdKey: string | undefined): Promise<string[]> {
  const { firestore } = firebase;
  const content = await requirePublishedContent(firestore, "the history names its events and meals");
  const keys = householdKey
    ? [householdKey]
    : (await firestore.collection(RSVPS_COLLECTION).listDocuments()).map((doc) => doc.id).sort();
  const lines: string[] = [];
  for (const key of keys) {
    const snapshot = await firestore
      .collection(RSVPS_COLLECTION)
      .doc(key)
      .collection(RSVP_HISTORY_SUBCOLLECTION)
      .orderBy(FieldPath.documentId())
      .get();
    if (snapshot.empty) {
      if (householdKey) {
        throw new CommandError(`"${key}" has no answers yet, so no history.`, [
          {
            where: "household key",
            message: "use a key from the guest list",
            example: "pnpm seed rsvp history garcia-lopez",
          },
        ]);
      }
      continue;
    }
    lines.push(`${key}:`);
    for (const doc of snapshot.docs) {
      const parsed = RsvpChange.safeParse(doc.data());
      if (!parsed.success) {
        lines.push(`  ${doc.id}: unreadable entry (${parsed.error.issues[0]?.message})`);
        continue;
      }
      const change = parsed.data;
      const when = new Intl.DateTimeFormat("es-ES", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: content.wedding.timeZone,
      }).format(new Date(change.at));
      const who = change.by.kind === "household" ? "the household (invitation link)" : "the couple";
      lines.push(`  revision ${change.revision} · ${when} · by ${who}`);
      for (const line of describeChange(change, content)) lines.push(`    ${line}`);
    }
  }
  return lines.length > 0 ? lines : ["No household has answered yet."];
}

export function registerRsvpCommand(program: Command, io: Io, targetOptions: () => TargetOptions): void {
  const rsvp = program
    .command("rsvp")
    .summary("status | history | export: follow the answers (totals, reminders, who changed what, exports)")
    .description("Follow guests' answers.");
  rsvp
    .command("status")
    .description("totals per event and the households that have not answered, with a WhatsApp reminder link each")
    .option(
      "--base-url <url>",
      "the site's address for the links in reminders (default: SITE_URL, else http://127.0.0.1:8787)",
    )
    .option(
      "--template <file>",
      "the emulators' switches, for the deadline in reminders (default: REMOTE_CONFIG_TEMPLATE, else remoteconfig.template.json)",
    )
    .addHelpText(
      "after",
      "\nExamples:\n  pnpm seed rsvp status\n  pnpm seed rsvp status --base-url https://boda.example.com",
    )
    .action(async (options: { baseUrl?: string; template?: string }) => {
      const base = siteBaseUrl(io, options.baseUrl);
      const templateFile = emulatorTemplateFile(io, options.template);
      await withFirebase(io, targetOptions(), ["firestore"], async (firebase, target) => {
        const data = await readRsvpData(firebase);
        for (const line of statusReport(data, base.url, await readDeadline(firebase, target, templateFile)))
          io.out(line);
      });
    });
  rsvp
    .command("history")
    .description("who changed each household's answer, when, and what changed (every household without a key)")
    .argument("[key]", "a household key from the guest list, e.g. garcia-lopez")
    .addHelpText("after", "\nExamples:\n  pnpm seed rsvp history\n  pnpm seed rsvp history garcia-lopez")
    .action(async (key: string | undefined) => {
      await withFirebase(io, targetOptions(), ["firestore"], async (firebase) => {
        for (const line of await historyReport(firebase, key)) io.out(line);
      });
    });
  rsvp
    .command("export")
    .description(
      "write every household and person to CSV and JSON, or with --caterer the meals and dietary needs per event",
    )
    .option("--out <dir>", "folder for the files", "exportar")
    .option(
      "--caterer",
      "only what the caterer needs: who eats at each event, table by table, meal and dietary needs (catering.csv)",
    )
    .addHelpText(
      "after",
      "\nExamples:\n  pnpm seed rsvp export\n  pnpm seed rsvp export --caterer --out para-el-catering",
    )
    .action(async (options: { out: string; caterer?: boolean }) => {
      await withFirebase(io, targetOptions(), ["firestore"], async (firebase) => {
        const data = await readRsvpData(firebase);
        for (const line of await exportRsvps(data, path.resolve(io.cwd, options.out), {
          caterer: options.caterer,
          now: io.now(),
        }))
          io.out(line);
      });
    });
}
