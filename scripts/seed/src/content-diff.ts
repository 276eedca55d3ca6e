// Compares published content with the file: readable diff lines for the couple, and the event time/place
// changes that become dated `contentChanges` entries for guests. Pure, so it is tested without Firebase.
import { isDeepStrictEqual } from "node:util";
import type { Content } from "@boda/server/contract/content";
import { CHANGED_FIELDS, type ContentChange, type EventTiming } from "@boda/server/contract/content-change";
import diff from "microdiff";

export interface DiffLine {
  kind: "added" | "removed" | "changed";
  /** `events[ceremonia].start`: list items with an id are named by id, so inserting one does not shift the rest. */
  path: string;
  before?: unknown;
  after?: unknown;
}

export function contentEquals(before: Content | undefined, after: Content): boolean {
  return before !== undefined && isDeepStrictEqual(before, after);
}

export function diffContent(before: Content | undefined, after: Content): DiffLine[] {
  const lines: DiffLine[] = diff(
    keyedById(before ?? {}) as Record<string, unknown>,
    keyedById(after) as Record<string, unknown>,
  ).map((change) => {
    const path = formatDiffPath(change.path);
    if (change.type === "CREATE") return { kind: "added", path, after: change.value };
    if (change.type === "REMOVE") return { kind: "removed", path, before: change.oldValue };
    return { kind: "changed", path, before: change.oldValue, after: change.value };
  });
  // Keying by id hides a pure reordering, which still changes what guests see.
  for (const [name, list] of Object.entries(after) as [string, unknown][]) {
    const previous = (before as Record<string, unknown> | undefined)?.[name];
    if (!Array.isArray(list) || !Array.isArray(previous) || !list.every(hasId) || !previous.every(hasId)) continue;
    const beforeIds = previous.map((item) => item.id);
    const afterIds = list.map((item) => item.id);
    const common = afterIds.filter((id) => beforeIds.includes(id));
    if (
      !isDeepStrictEqual(
        common,
        beforeIds.filter((id) => afterIds.includes(id)),
      )
    ) {
      lines.push({
        kind: "changed",
        path: `${name} (order)`,
        before: beforeIds.join(", "),
        after: afterIds.join(", "),
      });
    }
  }
  return lines;
}

function hasId(item: unknown): item is { id: string } {
  return typeof item === "object" && item !== null && typeof (item as { id?: unknown }).id === "string";
}

/** Lists of items with ids become objects keyed `[id]` (recursively); other values stay as they are. */
function keyedById(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(hasId)) {
      return Object.fromEntries(value.map((item) => [`[${item.id}]`, keyedById(item)]));
    }
    return value.map(keyedById);
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, keyedById(inner)]));
  }
  return value;
}

function formatDiffPath(path: ReadonlyArray<string | number>): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (segment.startsWith("[")) out += segment;
    else out += out === "" ? segment : `.${segment}`;
  }
  return out;
}

const MAX_VALUE_CHARS = 90;

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

export function formatDiff(lines: readonly DiffLine[]): string[] {
  return lines.map((line) => {
    if (line.kind === "added") return `  + ${line.path}: ${show(line.after)}`;
    if (line.kind === "removed") return `  - ${line.path}: ${show(line.before)}`;
    return `  ~ ${line.path}: ${show(line.before)} → ${show(line.after)}`;
  });
}

export type EventChange = Omit<ContentChange, "changedAt" | "contentVersion">;

/** Events present before and after whose start, end or place (location id, name or address) changed. */
export function eventChanges(before: Content | undefined, after: Content): EventChange[] {
  if (!before) return [];
  const changes: EventChange[] = [];
  for (const event of after.events) {
    const previous = before.events.find((candidate) => candidate.id === event.id);
    if (!previous) continue;
    const was = timingOf(previous, before);
    const now = timingOf(event, after);
    const changed = CHANGED_FIELDS.filter((field) => !isDeepStrictEqual(was[field], now[field]));
    if (changed.length > 0)
      changes.push({ eventId: event.id, eventTitle: event.title, changed, before: was, after: now });
  }
  return changes;
}

function timingOf(event: Content["events"][number], content: Content): EventTiming {
  const location = content.locations.find((candidate) => candidate.id === event.locationId);
  return {
    start: event.start,
    end: event.end,
    place: { locationId: event.locationId, name: location?.name ?? event.locationId, address: location?.address ?? "" },
  };
}
