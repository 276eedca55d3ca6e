// Free text typed by guests (names, dietary notes, messages) as zod schemas: normalised, trimmed, bounded, and free
// of the control and direction-override characters that would break exports or disguise text. Rules: guest-text-rules.ts.
import { z } from "zod";
import { hasControlCharacters, hasLineBreaks } from "./guest-text-rules";

export const GUEST_TEXT_CODES = { control: "control-characters", lineBreak: "line-break" } as const;

/**
 * A guest's free text: NFC-normalised, trimmed, at most `max` characters. `multiline` allows newlines (a
 * message), never other control characters.
 */
export function guestText({ max, multiline = false }: { max: number; multiline?: boolean }) {
  return z
    .string()
    .normalize("NFC")
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((text) => !hasControlCharacters(text), {
      error: "must not contain control characters",
      params: { code: GUEST_TEXT_CODES.control },
    })
    .refine((text) => multiline || !hasLineBreaks(text), {
      error: "must be a single line",
      params: { code: GUEST_TEXT_CODES.lineBreak },
    })
    .transform((text) =>
      multiline ? text.replaceAll("\r\n", "\n").replaceAll("\r", "\n").replaceAll("\t", " ") : text,
    );
}
