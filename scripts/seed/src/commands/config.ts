// `seed config show` / `seed config set <key> <value>`: the site's switches (phase, RSVP, guestbook, strangers).
// Emulators: edits remoteconfig.template.json in place. Real project: publishes with firebase-admin, etag-guarded.
import { existsSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "@boda/kit/fs-atomic";
import { type Io, readInputFile, resolveUserPath } from "@boda/kit/io";
import { CommandError, type Problem } from "@boda/kit/problems";
import { REMOTE_CONFIG_TEMPLATE } from "@boda/kit/repo";
import {
  describePhases,
  parseSwitchValue,
  readSwitches,
  SWITCH_KEYS,
  type TemplateLike,
  undeclaredParameters,
} from "@boda/kit/switches-template";
import type { Switches, SwitchKey } from "@boda/server/contract/switches";
import { localDateIn } from "@boda/server/contract/wedding-time";
import type { FirebaseHandles } from "@boda/server/firebase/admin";
import type { Command } from "commander";
import type { RemoteConfigTemplate } from "firebase-admin/remote-config";
import { applyEdits, modify, type ParseError, parse as parseJsonc, printParseErrorCode } from "jsonc-parser";
import { requirePublishedContent } from "../published-content";
import { resolveTarget, type TargetOptions, withFirebase } from "../target";

/**
 * The template the emulators' switches live in: --template, else REMOTE_CONFIG_TEMPLATE (the file the running BFF
 * reads, as `pnpm start` and the tests set it), else remoteconfig.template.json at the repository root.
 */
export function emulatorTemplateFile(io: Io, option: string | undefined): string {
  if (option) return resolveUserPath(io, option, existsSync);
  return io.env.REMOTE_CONFIG_TEMPLATE ? path.resolve(io.cwd, io.env.REMOTE_CONFIG_TEMPLATE) : REMOTE_CONFIG_TEMPLATE;
}

/** Today in the wedding's time zone (from the published content): a deadline is a day there, not on this computer. */
async function todayAtTheWedding(firebase: FirebaseHandles, now: Date): Promise<string> {
  const content = await requirePublishedContent(
    firebase.firestore,
    "the RSVP deadline is a day in the wedding's time zone",
  );
  return localDateIn(now, content.wedding.timeZone);
}

interface ConfigOptions {
  template?: string;
}

async function readTemplateFile(file: string): Promise<{ text: string; template: TemplateLike }> {
  const text = await readInputFile(file, {
    summary: `Cannot read the Remote Config template ${file}.`,
    example: "remoteconfig.template.json at the repository root",
  });
  const errors: ParseError[] = [];
  const template = parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: true }) as
    | TemplateLike
    | undefined;
  if (errors.length > 0 || typeof template?.parameters !== "object") {
    throw new CommandError(`${file} is not a valid Remote Config template; nothing was changed.`, [
      ...errors.map((error) => ({
        where: `${path.basename(file)} at character ${error.offset}`,
        message: `JSON: ${printParseErrorCode(error.error)}`,
      })),
      ...(errors.length === 0 ? [{ where: path.basename(file), message: 'needs a "parameters" object' }] : []),
    ]);
  }
  return { text, template };
}

function mustBeValid(template: TemplateLike, where: string, summary: string): Partial<Switches> {
  const { values, problems } = readSwitches(template, where);
  const extra: Problem[] = undeclaredParameters(template).map((key) => ({
    where: `${where} parameters.${key}`,
    message: `the site does not read "${key}"; the switches are: ${SWITCH_KEYS.join(", ")}`,
  }));
  if (problems.length + extra.length > 0) throw new CommandError(summary, [...problems, ...extra]);
  return values;
}

function printSwitches(io: Io, values: Partial<Switches>, template: TemplateLike): void {
  for (const key of SWITCH_KEYS) {
    const parameter = template.parameters[key];
    io.out(`  ${key.padEnd(20)} ${String(values[key]).padEnd(14)} ${parameter?.description ?? ""}`);
  }
  io.out(`  phases: ${describePhases(values.site_phase)}`);
}

/** Applies `key = raw` to the template file (untouched when the value is already set); returns before and after. */
export async function setSwitchInFile(
  file: string,
  key: string,
  raw: string,
  today?: string,
): Promise<{ key: SwitchKey; before: unknown; after: unknown }> {
  const parsed = parseSwitchValue(key, raw, today);
  if ("where" in parsed) throw new CommandError("Nothing was changed:", [parsed]);
  const { text, template } = await readTemplateFile(file);
  const label = path.basename(file);
  const before = mustBeValid(template, label, `${label} has problems; fix them first (nothing was changed):`)[
    parsed.key
  ];
  if (before === parsed.value) return { key: parsed.key, before, after: parsed.value };
  // A targeted edit keeps the file's layout, so its history shows exactly which switch changed.
  const edited = applyEdits(
    text,
    modify(text, ["parameters", parsed.key, "defaultValue", "value"], String(parsed.value), {}),
  );
  mustBeValid(
    parseJsonc(edited) as TemplateLike,
    label,
    "The change would leave the template invalid; nothing was changed:",
  );
  await writeFileAtomic(file, edited);
  return { key: parsed.key, before, after: parsed.value };
}

async function setSwitchInProject(
  template: RemoteConfigTemplate,
  key: string,
  raw: string,
  today?: string,
): Promise<{ key: SwitchKey; before: unknown; after: unknown; changed: boolean }> {
  const parsed = parseSwitchValue(key, raw, today);
  if ("where" in parsed) throw new CommandError("Nothing was changed:", [parsed]);
  const before = mustBeValid(
    template as TemplateLike,
    "Remote Config",
    "The project's Remote Config has problems (nothing was changed):",
  )[parsed.key];
  const parameter = template.parameters[parsed.key];
  if (!parameter || before === parsed.value) return { key: parsed.key, before, after: parsed.value, changed: false };
  parameter.defaultValue = { value: String(parsed.value) };
  return { key: parsed.key, before, after: parsed.value, changed: true };
}

export function registerConfigCommand(program: Command, io: Io, targetOptions: () => TargetOptions): void {
  const config = program
    .command("config")
    .summary("show | set <key> <value>: the site's switches (phase, RSVP, guestbook, strangers)")
    .description(
      `The site's switches: ${SWITCH_KEYS.join(", ")}. With the emulators they live in remoteconfig.template.json; ` +
        "with a real project they are published to Remote Config.",
    );
  const templateOption = [
    "--template <file>",
    "template file for the emulators (default: REMOTE_CONFIG_TEMPLATE, else remoteconfig.template.json at the repository root)",
  ] as const;
  const templateFile = (options: ConfigOptions) => emulatorTemplateFile(io, options.template);

  config
    .command("show")
    .description("print every switch and its current value")
    .option(...templateOption)
    .addHelpText("after", "\nExample:\n  pnpm seed config show")
    .action(async (options: ConfigOptions) => {
      const target = resolveTarget(targetOptions(), io.env);
      if (target.emulated) {
        const file = templateFile(options);
        io.out(`Target: ${file} (the emulators' Remote Config)`);
        const { template } = await readTemplateFile(file);
        printSwitches(io, mustBeValid(template, path.basename(file), `${path.basename(file)} has problems:`), template);
        return;
      }
      await withFirebase(io, targetOptions(), [], async (firebase) => {
        const template = await firebase.remoteConfig.getTemplate();
        printSwitches(
          io,
          mustBeValid(template as TemplateLike, "Remote Config", "The project's Remote Config has problems:"),
          template as TemplateLike,
        );
      });
    });

  config
    .command("set")
    .description("change one switch")
    .argument("<key>", `one of: ${SWITCH_KEYS.join(", ")}`)
    .argument("<value>", "the new value")
    .option(...templateOption)
    .addHelpText(
      "after",
      [
        "",
        "Values: site_phase save-the-date | rsvp-open | wedding-week | day-of | after; rsvp_open and guestbook_enabled",
        "true | false; rsvp_deadline a date (YYYY-MM-DD); stranger_visibility nothing | basics | everything.",
        "",
        "Examples:",
        "  pnpm seed config set site_phase rsvp-open",
        "  pnpm seed config set rsvp_deadline 2027-05-01",
        "  pnpm seed config set rsvp_open false",
        "  pnpm seed config set guestbook_enabled true",
        "  pnpm seed --project boda-lucia-mateo --yes config set site_phase day-of",
      ].join("\n"),
    )
    .action(async (key: string, value: string, options: ConfigOptions) => {
      const target = resolveTarget(targetOptions(), io.env);
      if (target.emulated) {
        const file = templateFile(options);
        const today =
          key === "rsvp_deadline"
            ? await withFirebase(io, targetOptions(), ["firestore"], (firebase) =>
                todayAtTheWedding(firebase, io.now()),
              )
            : undefined;
        io.out(`Target: ${file} (the emulators' Remote Config; the running site picks up changes at once)`);
        const result = await setSwitchInFile(file, key, value, today);
        io.out(
          result.before === result.after
            ? `No changes: ${result.key} is already ${String(result.after)}.`
            : `${result.key}: ${String(result.before)} → ${String(result.after)}`,
        );
        return;
      }
      await withFirebase(io, targetOptions(), [], async (firebase) => {
        const template = await firebase.remoteConfig.getTemplate();
        const today = key === "rsvp_deadline" ? await todayAtTheWedding(firebase, io.now()) : undefined;
        const result = await setSwitchInProject(template, key, value, today);
        if (!result.changed) {
          io.out(`No changes: ${result.key} is already ${String(result.after)}.`);
          return;
        }
        await firebase.remoteConfig.validateTemplate(template);
        // publishTemplate sends the etag read above: if anyone published meanwhile, it fails instead of overwriting.
        await firebase.remoteConfig.publishTemplate(template).catch((error: Error) => {
          throw new CommandError(`Remote Config was not changed: ${error.message}`, [
            { where: "Remote Config", message: "if someone else published in the meantime, run the command again" },
          ]);
        });
        io.out(`${result.key}: ${String(result.before)} → ${String(result.after)} (published)`);
      });
    });
}
