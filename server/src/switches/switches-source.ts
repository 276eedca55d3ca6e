// The site's switches from Remote Config, evaluated on the server with firebase-admin's server template. The
// template is the one `pnpm seed config` edits: remoteconfig.template.json in emulator mode (Remote Config has no
// emulator), the project's published template otherwise — so what the couple sets is what the site reads.

import { readFileSync, statSync, unwatchFile, watchFile } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import type { RemoteConfig, RemoteConfigTemplate, ServerConfig } from "firebase-admin/remote-config";
import { readableIssues } from "../contract/issues";
import { Switches } from "../contract/switches";

export interface SwitchesSource {
  current(): Switches;
  /** Calls `listener` whenever a switch changes (open pages follow the couple's `config set` live). */
  subscribe(listener: (switches: Switches) => void): () => void;
  close(): void;
}

/** Remembers the listeners and tells them when the switches really changed. */
function changeNotifier(initial: Switches | undefined) {
  const listeners = new Set<(switches: Switches) => void>();
  let last = initial;
  return {
    subscribe(listener: (switches: Switches) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    offer(switches: Switches) {
      if (last && isDeepStrictEqual(last, switches)) return;
      last = switches;
      for (const listener of listeners) listener(switches);
    },
    clear: () => listeners.clear(),
  };
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

/**
 * Emulator mode: the template file, re-read whenever it changes (so `pnpm seed config set` shows at once). The file
 * is watched by polling its modification time: `config set` replaces it atomically (a rename), which event-based
 * watchers lose track of.
 */
export function templateFileSwitches(remoteConfig: RemoteConfig, file: string, pollMs = 250): SwitchesSource {
  let loadedAt = -1;
  let latest: Switches | undefined;
  const notifier = changeNotifier(undefined);
  const load = () => {
    const modified = statSync(file).mtimeMs;
    if (modified === loadedAt && latest) return latest;
    const template = JSON.parse(readFileSync(file, "utf8"));
    // The server template needs an etag; a local file has none, and nothing is published from here.
    latest = evaluate(remoteConfig, { etag: "local-file", ...template }, file);
    loadedAt = modified;
    // Whoever noticed the change first (a request or the watcher), every subscriber hears of it.
    notifier.offer(latest);
    return latest;
  };
  load();
  const current = () => {
    try {
      return load();
    } catch (error) {
      // A half-saved or broken file must not take the page down: keep the last good switches.
      if (latest) return latest;
      throw error;
    }
  };
  const onFileChange = () => void current();
  watchFile(file, { interval: pollMs, persistent: false }, onFileChange);
  return {
    current,
    subscribe: notifier.subscribe,
    close() {
      unwatchFile(file, onFileChange);
      notifier.clear();
    },
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

/**
 * A real project: the published template, re-read in the background so a `config set` shows within a minute
 * (reading a template is a cheap, quota-free admin call; a minute keeps it far below any rate limit).
 */
export async function projectSwitches(
  remoteConfig: RemoteConfig,
  log: { error(details: object, message: string): void },
  refreshMs = 60_000,
): Promise<SwitchesSource> {
  const load = async () => evaluate(remoteConfig, await remoteConfig.getTemplate(), "project template");
  let latest = await load();
  const notifier = changeNotifier(latest);
  const timer = setInterval(() => {
    load()
      .then((switches) => {
        latest = switches;
        notifier.offer(switches);
      })
      .catch((error: unknown) => log.error({ err: error }, "Remote Config refresh failed; keeping the last switches"));
  }, refreshMs);
  timer.unref();
  return {
    current: () => latest,
    subscribe: notifier.subscribe,
    close() {
      clearInterval(timer);
      notifier.clear();
    },
  };
}
