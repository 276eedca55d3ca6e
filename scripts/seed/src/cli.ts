// `pnpm seed <command>`: the couple's whole admin interface. Builds the command list, prints problems
// readably, and exits non-zero on any failure. `runCli` runs in-process so tests see output and exit codes.
import { pathToFileURL } from "node:url";
import { type Io, processIo } from "@boda/kit/io";
import { CommandError } from "@boda/kit/problems";
import { Command, CommanderError } from "commander";
import { registerConfigCommand } from "./commands/config";
import { registerContentCommand } from "./commands/content";
import { registerCoupleCommand } from "./commands/couple";
import { registerDataCommand } from "./commands/data";
import { registerGuestbookCommand } from "./commands/guestbook";
import { registerInvitesCommand } from "./commands/invites";
import { registerLiveCommand } from "./commands/live";
import { type NotifyDependencies, registerNotifyCommand } from "./commands/notify";
import { registerRsvpCommand } from "./commands/rsvp";
import type { TargetOptions } from "./target";

export interface CliDependencies {
  notify?: NotifyDependencies;
}

export function buildProgram(io: Io, dependencies: CliDependencies = {}): Command {
  const program = new Command("pnpm seed");
  program
    .description(
      "Manage the wedding site without the Firebase console. Every command talks to the local emulators " +
        "unless you pass --project <id> --yes (and have credentials).",
    )
    .option(
      "--project <id>",
      "a real Firebase project id (needs credentials and --yes); demo-* ids stay on the emulators",
    )
    .option("--yes", "confirm changes to a real project")
    .showHelpAfterError("(run with --help to see the commands and examples)")
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) })
    .exitOverride()
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  pnpm seed content scripts/seed/content/boda.example.yaml",
        "  pnpm seed invites scripts/seed/content/invitados.example.csv",
        "  pnpm seed rsvp status",
        "  pnpm seed config set site_phase wedding-week",
        '  pnpm seed live set "La ceremonia empieza en 10 minutos"',
        "  pnpm seed data archive recuerdos-boda",
        "  pnpm seed content --help      (each command has its own help and examples)",
      ].join("\n"),
    );
  const targetOptions = (): TargetOptions => program.opts<TargetOptions>();
  registerContentCommand(program, io, targetOptions);
  registerInvitesCommand(program, io, targetOptions);
  registerRsvpCommand(program, io, targetOptions);
  registerConfigCommand(program, io, targetOptions);
  registerLiveCommand(program, io, targetOptions);
  registerNotifyCommand(program, io, targetOptions, dependencies.notify);
  registerGuestbookCommand(program, io, targetOptions);
  registerCoupleCommand(program, io, targetOptions);
  registerDataCommand(program, io, targetOptions);
  // Subcommands print through io and report errors to runCli, like the top level.
  for (const command of program.commands) {
    command.configureOutput(program.configureOutput()).exitOverride();
    for (const sub of command.commands) sub.configureOutput(program.configureOutput()).exitOverride();
  }
  return program;
}

/** Runs one command line (without `node cli.ts`); returns the exit code instead of exiting. */
export async function runCli(args: readonly string[], io: Io, dependencies: CliDependencies = {}): Promise<number> {
  const program = buildProgram(io, dependencies);
  try {
    await program.parseAsync([...args], { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return error.exitCode;
    }
    if (error instanceof CommandError) {
      io.err(error.message);
      return 1;
    }
    io.err(`Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  // `pnpm seed -- content x` passes the separator through; commander would treat the rest as arguments.
  if (args[0] === "--") args.shift();
  process.exitCode = await runCli(args.length === 0 ? ["--help"] : args, processIo());
}
