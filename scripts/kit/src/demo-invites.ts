// The demo households' invite links as `pnpm seed invites` writes them (enlaces.csv): read by the stack that invited
// them and by the end-to-end tests that open them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";

/** One demo household's invite link. */
export interface DemoInvite {
  key: string;
  name: string;
  language: string;
  code: string;
  link: string;
}

/** The invite links in `dir`/enlaces.csv. */
export function readInviteLinks(dir: string): DemoInvite[] {
  const rows = parse(readFileSync(path.join(dir, "enlaces.csv"), "utf8"), { columns: true }) as Array<
    Record<string, string>
  >;
  return rows.map((row) => ({
    key: row.key ?? "",
    name: row.name ?? "",
    language: row.language ?? "",
    code: row.code ?? "",
    link: row.link ?? "",
  }));
}
