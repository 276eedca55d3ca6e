// The site's switches from Remote Config, evaluated on the server with firebase-admin's server template. The
// template is the one `pnpm seed config` edits: remoteconfig.template.json in emulator mode (Remote Config has no
// emulator), the project's published template otherwise — so what the couple sets is what the site reads.
import { readFileSync, statSync } from "node:fs";
import type { RemoteConfig, RemoteConfigTemplate, ServerConfig } from "firebase-admin/remote-config";
import { readableIssues } from "../contract/issues";
import { Switches } from "../contract/switches";

export interface SwitchesSource {
  current(): Switches;
  close(): void;
}

function toSwitches(config: ServerConfig, origin: string): Switches {
  const parsed = Switches.safeParse({
    site_phase: config.getString("site_phase"),
    rsvp_open: config.getBoolean("rsvp_open"),
    rsvp_deadline: config.getString("rsvp_deadline"),
    guestbook_enabled: config.getBoolean("guestbook_enabled"),
    stranger_visibility: config.getString("stranger_visibility"),
  });
  if (!parsed.success) {
    const problems = readableIssues(parsed.error).map((issue) => `${issue.path}: ${issue.message}`);
    throw new Error(
      `Remote Config (${origin}) has invalid switches: ${problems.join("; ")}. Fix them with \`pnpm seed config set\`.`,
    );
  }
  return parsed.data;
}

/** Emulator mode: the template file, re-read whenever it changes (so `pnpm seed config set` shows at once). */
export function templateFileSwitches(remoteConfig: RemoteConfig, file: string): SwitchesSource {
  let loadedAt = -1;
  let latest: Switches | undefined;
  const load = () => {
    const modified = statSync(file).mtimeMs;
    if (modified === loadedAt && latest) return latest;
    const template = JSON.parse(readFileSync(file, "utf8"));
    // The server template needs an etag; a local file has none, and nothing is published from here.
    latest = evaluate(remoteConfig, { etag: "local-file", ...template }, file);
    loadedAt = modified;
    return latest;
  };
  load();
  return {
    current() {
      try {
        return load();
      } catch (error) {
        // A half-saved or broken file must not take the page down: keep the last good switches.
        if (latest) return latest;
        throw error;
      }
    },
    close() {},
  };
}

/**
 * Evaluates a template's parameter defaults on the server. Conditions are dropped: ours target no client signals,
 * and client-side conditions (app version, country…) mean nothing to a server evaluation.
 */
function evaluate(
  remoteConfig: RemoteConfig,
  template: Pick<RemoteConfigTemplate, "etag" | "parameters">,
  origin: string,
): Switches {
  const serverTemplate = remoteConfig.initServerTemplate({
    template: { etag: template.etag, parameters: template.parameters, conditions: [] },
  });
  return toSwitches(serverTemplate.evaluate(), origin);
}

/** A real project: the published template, re-read in the background so a `config set` shows within a minute. */
export async function projectSwitches(
  remoteConfig: RemoteConfig,
  log: { error(details: object, message: string): void },
  refreshMs = 60_000,
): Promise<SwitchesSource> {
  const load = async () => evaluate(remoteConfig, await remoteConfig.getTemplate(), "project template");
  let latest = await load();
  const timer = setInterval(() => {
    load()
      .then((switches) => {
        latest = switches;
      })
      .catch((error: unknown) => log.error({ err: error }, "Remote Config refresh failed; keeping the last switches"));
  }, refreshMs);
  timer.unref();
  return { current: () => latest, close: () => clearInterval(timer) };
}
