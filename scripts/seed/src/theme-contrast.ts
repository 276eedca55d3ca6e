// The couple picks the page's colours; guests read them, some on old phones in the sun. Every pair the page draws
// text with must reach WCAG AA's 4.5:1 contrast, checked when the content is published (web/src/styles.css uses
// these pairs: body text, links and headings in the primary colour, white text on primary buttons and the banner).
import { wcagContrast } from "culori";

const AA_TEXT = 4.5;

interface ThemeColors {
  primary: string;
  background: string;
  text: string;
  accent: string;
}

export interface ContrastProblem {
  path: Array<string>;
  message: string;
  example: string;
}

/** Every text/background pair of the theme below 4.5:1, each naming the colours, the ratio and what to change. */
export function themeContrastProblems(colors: ThemeColors): ContrastProblem[] {
  const pairs: Array<{ path: string[]; what: string; foreground: string; background: string; fix: string }> = [
    {
      path: ["theme", "colors", "text"],
      what: "body text on the background",
      foreground: colors.text,
      background: colors.background,
      fix: "darken text or lighten background",
    },
    {
      path: ["theme", "colors", "primary"],
      what: "links and headings (primary) on the background",
      foreground: colors.primary,
      background: colors.background,
      fix: "darken primary",
    },
    {
      path: ["theme", "colors", "primary"],
      what: "white button text and the live banner on primary",
      foreground: "#ffffff",
      background: colors.primary,
      fix: "darken primary",
    },
  ];
  return pairs.flatMap(({ path, what, foreground, background, fix }) => {
    const ratio = wcagContrast(foreground, background);
    if (ratio >= AA_TEXT) return [];
    return [
      {
        path,
        message: `${what} (${foreground} on ${background}) has a contrast of ${ratio.toFixed(2)}:1; guests need at least ${AA_TEXT}:1 to read it: ${fix}`,
        example: 'colors: { primary: "#6b4e31", background: "#fbf8f3", text: "#2b2620", accent: "#8a9a5b" }',
      },
    ];
  });
}
