// Turns zod issues into messages a person can act on: "events[2].start: …", shared by the BFF, seeds and forms.
import type { z } from "zod";

/** `["events", 2, "start"]` → `events[2].start` (the way people write paths into a file). */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? String(segment) : `.${String(segment)}`;
  }
  return out === "" ? "(top level)" : out;
}

export interface ReadableIssue {
  path: string;
  message: string;
}

export function readableIssues(error: z.ZodError): ReadableIssue[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
}
