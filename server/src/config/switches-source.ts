// The site's switches from Remote Config, evaluated on the server with firebase-admin's server template:
// from remoteconfig.template.json in emulator mode (Remote Config has no emulator), from the project otherwise.
import { readFileSync, statSync } from "node:fs";
import type { RemoteConfig, ServerConfig, ServerTemplate } from "firebase-admin/remote-config";
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
    const serverTemplate = remoteConfig.initServerTemplate({ template: { etag: "local-file", ...template } });
    latest = toSwitches(serverTemplate.evaluate(), file);
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

/** A real project: the published server template, refreshed in the background. */
export async function projectSwitches(
  remoteConfig: RemoteConfig,
  log: { error(details: object, message: string): void },
  refreshMs = 60_000,
): Promise<SwitchesSource> {
  const template: ServerTemplate = await remoteConfig.getServerTemplate();
  let latest = toSwitches(template.evaluate(), "project template");
  const timer = setInterval(() => {
    template
      .load()
      .then(() => {
        latest = toSwitches(template.evaluate(), "project template");
      })
      .catch((error: unknown) => log.error({ err: error }, "Remote Config refresh failed; keeping the last switches"));
  }, refreshMs);
  timer.unref();
  return { current: () => latest, close: () => clearInterval(timer) };
}
