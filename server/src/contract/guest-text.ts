// Free text typed by guests (names, dietary notes, messages): normalised, trimmed, bounded, and free of the control
// and direction-override characters that would break exports or disguise text. Shared by the forms and the BFF.
import { z } from "zod";

/** C0/C1 control characters, and the bidi overrides used to make text read differently than it is stored. */
const CONTROL = /\p{Cc}/u;
const BIDI_OVERRIDES = /[\u202A-\u202E\u2066-\u2069]/u;
/** What a multi-line message may contain of the control characters. */
const LINE_BREAKS = ["\r\n", "\r", "\n", "\t"];

function withoutLineBreaks(text: string): string {
  return LINE_BREAKS.reduce((rest, lineBreak) => rest.replaceAll(lineBreak, ""), text);
}

export const GUEST_TEXT_CODES = { control: "control-characters", lineBreak: "line-break" } as const;

/**
 * A guest's free text: NFC-normalised (so "é" typed two ways compares equal), trimmed, at most `max` characters.
 * `multiline` allows newlines (a message), never other control characters.
 */
export function guestText({ max, multiline = false }: { max: number; multiline?: boolean }) {
  return z
    .string()
    .normalize("NFC")
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((text) => !CONTROL.test(withoutLineBreaks(text)) && !BIDI_OVERRIDES.test(text), {
      error: "must not contain control characters",
      params: { code: GUEST_TEXT_CODES.control },
    })
    .refine((text) => multiline || withoutLineBreaks(text) === text, {
      error: "must be a single line",
      params: { code: GUEST_TEXT_CODES.lineBreak },
    })
    .transform((text) =>
      multiline ? text.replaceAll("\r\n", "\n").replaceAll("\r", "\n").replaceAll("\t", " ") : text,
    );
}
