// What guests' free text may contain, as plain functions: the zod schemas (guest-text.ts) check with them in the
// BFF and the RSVP form, and the guestbook form checks with them directly, without loading zod.

/** C0/C1 control characters, and the bidi overrides used to make text read differently than it is stored. */
const CONTROL = /\p{Cc}/u;
const BIDI_OVERRIDES = /[\u202A-\u202E\u2066-\u2069]/u;
/** What a multi-line message may contain of the control characters. */
const LINE_BREAKS = ["\r\n", "\r", "\n", "\t"];

function withoutLineBreaks(text: string): string {
  return LINE_BREAKS.reduce((rest, lineBreak) => rest.replaceAll(lineBreak, ""), text);
}

export type GuestTextProblem = "empty" | "too-long" | "control-characters" | "line-break";

/** The text as it is kept: NFC-normalised (so "é" typed two ways compares equal) and trimmed. */
export function tidyGuestText(text: string): string {
  return text.normalize("NFC").trim();
}

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(withoutLineBreaks(text)) || BIDI_OVERRIDES.test(text);
}

export function hasLineBreaks(text: string): boolean {
  return withoutLineBreaks(text) !== text;
}

/** The first thing wrong with a guest's text, if anything. */
export function guestTextProblem(
  text: string,
  rules: { max: number; multiline?: boolean; required?: boolean },
): GuestTextProblem | undefined {
  const tidy = tidyGuestText(text);
  if (rules.required && tidy === "") return "empty";
  if (tidy.length > rules.max) return "too-long";
  if (hasControlCharacters(tidy)) return "control-characters";
  if (!rules.multiline && hasLineBreaks(tidy)) return "line-break";
  return undefined;
}
