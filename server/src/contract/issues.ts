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
  /** A stable code a form can word in the guest's language (e.g. an RSVP rule such as "meal-required"). */
  code?: string;
}

export function readableIssues(error: z.ZodError): ReadableIssue[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
}
