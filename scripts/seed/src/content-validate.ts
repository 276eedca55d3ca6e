// Reads the couple's content file (YAML) into a checked `Content`, or into every problem at once, each with
// the file's line, the path inside it (`events[2].start`), what is wrong and an example from the example file.

import type { Problem } from "@boda/kit/problems";
import { Content, LocalDate, LocalDateTime, TimeZone } from "@boda/server/contract/content";
import { formatPath } from "@boda/server/contract/issues";
import { localDateIn, localToInstant } from "@boda/server/contract/wedding-time";
import { type Document, isMap, isNode, isPair, isScalar, LineCounter, parseDocument, stringify } from "yaml";
import { z } from "zod";
import { themeContrastProblems } from "./theme-contrast";

export interface ContentCheckContext {
  /** Shown in every problem, e.g. `boda.yaml`. */
  fileLabel: string;
  now: Date;
  /** What is published now: unchanged events may lie in the past (the page keeps working after the wedding). */
  stored?: Pick<Content, "wedding" | "events">;
  /** The example content file's text, the source of "e.g." hints. */
  exampleText?: string;
}

export type ContentCheck = { ok: true; content: Content } | { ok: false; problems: Problem[] };

type Path = ReadonlyArray<PropertyKey>;

export function checkContentText(text: string, context: ContentCheckContext): ContentCheck {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return `${context.fileLabel}:${line}:${col}`;
  };

  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) => ({
        where: at(error.pos[0]),
        // yaml appends " at line L, column C:" and a code excerpt; the location is already in `where`.
        message: `YAML syntax: ${error.message.split(/ at line \d+/)[0]}`,
        example:
          YAML_HINTS[error.code] ??
          'title: "Boda: ceremonia y cóctel"  (quote text that contains ": " or starts with a symbol)',
      })),
    };
  }

  const example = context.exampleText === undefined ? undefined : parseDocument(context.exampleText);
  const locate = (path: Path, atKey = false) => `${at(offsetOf(doc, path, atKey))} ${formatPath(path)}`;
  const data: unknown = doc.toJS();
  const parsed = Content.safeParse(data, { reportInput: true });
  const schemaProblems = parsed.success
    ? []
    : parsed.error.issues.flatMap((issue) => issueProblems(issue, locate, example));
  // Time checks run on whatever dates are readable, so they are reported together with schema problems.
  const timeProblems = checkTimes(data, context).map(({ path, message, example: right }) => ({
    where: locate(path),
    message,
    example: right,
  }));
  const contrastProblems = parsed.success
    ? themeContrastProblems(parsed.data.theme.colors).map(({ path, message, example: right }) => ({
        where: locate(path),
        message,
        example: right,
      }))
    : [];
  const problems = [...schemaProblems, ...timeProblems, ...contrastProblems];
  if (!parsed.success || problems.length > 0) return { ok: false, problems };
  return { ok: true, content: parsed.data };
}

function issueProblems(
  issue: z.core.$ZodIssue,
  locate: (path: Path, atKey?: boolean) => string,
  example: Document | undefined,
): Problem[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      where: locate([...issue.path, key], true),
      message: `unknown field "${key}"; check its spelling and indentation (see scripts/seed/content/boda.example.yaml)`,
    }));
  }
  const message = readableMessage(issue);
  // Messages that already show a right value ("such as …", "one of …") need no second example.
  const selfExplaining = /such as|one of|declare it|already used|must be after/.test(message);
  return [
    { where: locate(issue.path), message, example: selfExplaining ? undefined : exampleFor(issue.path, example) },
  ];
}

const YAML_HINTS: Partial<Record<string, string>> = {
  TAB_AS_INDENT: "title:  ← then on the next lines 2 spaces (never a tab) before es: and en:",
  BAD_INDENT: 'names: ["Lucía", "Mateo"]  (close every [ and { on the same line; indent nested fields by 2 spaces)',
  DUPLICATE_KEY: "each field once per block; remove or rename the second one",
};

/** How a zod type name reads to someone editing YAML. */
const TYPE_WORDS: Partial<Record<string, string>> = {
  object: "a group of fields",
  array: "a list",
  string: "text",
  number: "a number",
  boolean: "true or false",
  tuple: "a list",
};

function readableMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") {
    const expected = TYPE_WORDS[issue.expected] ?? issue.expected;
    if (issue.input === undefined) return `is missing; it is required (${expected})`;
    return `must be ${expected}, not ${describe(issue.input)}`;
  }
  return issue.message;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (value === null) return "empty";
  if (typeof value === "object") return "a group of fields";
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** The same place in the example file (first item of every list), printed as a one-line YAML snippet. */
function exampleFor(path: Path, example: Document | undefined): string | undefined {
  if (!example || path.length === 0) return undefined;
  const general = path.map((segment) => (typeof segment === "number" ? 0 : segment));
  const node = example.getIn(general, true);
  if (node === undefined) return undefined;
  const value = isNode(node) ? node.toJSON() : node;
  const last = path[path.length - 1];
  const text = stringify(typeof last === "string" ? { [last]: value } : value, {
    collectionStyle: "flow",
    lineWidth: 0,
  }).trim();
  return text.length <= 160 ? text : `see ${formatPath(general)} in scripts/seed/content/boda.example.yaml`;
}

/** Offset of the value (or key) at `path`, or of the closest enclosing thing that exists (for a missing field). */
function offsetOf(doc: Document, path: Path, atKey: boolean): number {
  for (let depth = path.length; depth > 0; depth -= 1) {
    const prefix = path.slice(0, depth);
    const node = doc.getIn(prefix, true);
    if (!(atKey && depth === path.length) && isNode(node) && node.range) return node.range[0];
    // An unknown field, or `key:` with no value: point at the key.
    const parent = doc.getIn(prefix.slice(0, -1), true);
    if (isMap(parent)) {
      const pair = parent.items.find(
        (item) => isPair(item) && isScalar(item.key) && item.key.value === prefix[prefix.length - 1],
      );
      if (pair && isScalar(pair.key) && pair.key.range) return pair.key.range[0];
    }
  }
  return doc.contents && isNode(doc.contents) && doc.contents.range ? doc.contents.range[0] : 0;
}

interface TimeProblem {
  path: Path;
  message: string;
  example?: string;
}

/** The parts of a content file the time checks read; unreadable parts are skipped (the schema reports them). */
const TimesView = z.object({
  wedding: z.object({ date: LocalDate, timeZone: TimeZone }),
  events: z
    .array(
      z
        .object({
          id: z.unknown(),
          start: LocalDateTime.optional().catch(undefined),
          end: LocalDateTime.optional().catch(undefined),
        })
        .catch({ id: undefined }),
    )
    .catch([]),
});

/**
 * Checks the schema cannot: wall-clock times that do not exist in the wedding's zone (the spring-forward hour)
 * and dates already past. Past times are accepted when unchanged from what is published.
 */
export function checkTimes(data: unknown, context: Pick<ContentCheckContext, "now" | "stored">): TimeProblem[] {
  const view = TimesView.safeParse(data);
  if (!view.success) return [];
  const { wedding, events } = view.data;
  const { timeZone } = wedding;
  const problems: TimeProblem[] = [];
  const today = localDateIn(context.now, timeZone);
  const likelyDate = wedding.date < today ? nextYearSameDay(wedding.date, today) : wedding.date;
  if (wedding.date < today && context.stored?.wedding.date !== wedding.date) {
    problems.push({
      path: ["wedding", "date"],
      message: `${wedding.date} is in the past (today is ${today} in ${timeZone}); check the year`,
      example: `date: "${likelyDate}"`,
    });
  }
  events.forEach((event, index) => {
    const published = context.stored?.events.find((candidate) => candidate.id === event.id);
    for (const field of ["start", "end"] as const) {
      const local = event[field];
      if (local === undefined) continue;
      const instant = localToInstant(local, timeZone);
      if (instant === undefined) {
        problems.push({
          path: ["events", index, field],
          message: `${local} does not exist in ${timeZone}: the clocks skip that hour when summer time starts`,
          example: `${field}: "${local.slice(0, 11)}${String(Number(local.slice(11, 13)) + 1).padStart(2, "0")}${local.slice(13)}"`,
        });
      } else if (instant.getTime() < context.now.getTime() && published?.[field] !== local) {
        problems.push({
          path: ["events", index, field],
          message: `${local} (${timeZone}) is in the past; check the date and year`,
          example: `${field}: "${likelyDate}${local.slice(10)}"`,
        });
      }
    }
  });
  return problems;
}

function nextYearSameDay(date: string, today: string): string {
  const year = Number(today.slice(0, 4)) + 1;
  return `${year}${date.slice(4)}`;
}
