// CSV files the couple opens in a spreadsheet carry guests' free text (names, dietary notes, messages). A cell
// starting with = + - @ (or tab/CR) would run as a formula there; OWASP's advice is to prefix it with a quote.

const FORMULA_START = /^[=+\-@\t\r]/;

/** The value as a spreadsheet shows it, never as a formula: `=HYPERLINK(…)` → `'=HYPERLINK(…)`. */
export function spreadsheetSafe(value: string | number): string | number {
  return typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : value;
}

export function spreadsheetSafeRow<T extends Record<string, string | number>>(row: T): T {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, spreadsheetSafe(value)])) as T;
}
