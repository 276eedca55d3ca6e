// Finding a guest's household from what they remember when the link is lost: the email on the guest list, or a
// name. Names are compared as sets of plain words, so accents, case, punctuation and the order of the two surnames
// do not matter ("jose garcia lopez" finds "José López García"), and the nicknames the couple declared count as
// names ("Chris" finds Christopher only when the list says so). Pure: no Firebase, no clock.
import type { Household } from "../contract/household";

/** Words that join names rather than name anyone: "María de la Fuente", "Familia García y López". */
const CONNECTORS = new Set(["de", "del", "la", "las", "los", "y", "e", "i", "and", "the", "familia", "family"]);

/** A name as the set of its plain words: no accents, lower case, no punctuation, no connectors. */
export function nameWords(name: string): Set<string> {
  return new Set(
    name
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== "" && !CONNECTORS.has(word)),
  );
}

/**
 * Whether a typed name names this person: the same words in any order, or at least two of them (a first name and a
 * surname, when the list also has the second surname). One word alone is too common to point at anyone.
 */
export function namesMatch(typed: ReadonlySet<string>, listed: ReadonlySet<string>): boolean {
  if (typed.size === 0) return false;
  const allListed = [...typed].every((word) => listed.has(word));
  return allListed && (typed.size === listed.size || typed.size >= 2);
}

const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** The names a household answers to: its display name, each member's name and its nicknames. */
function namesOf(household: Household): string[] {
  return [household.displayName, ...household.members.map((member) => member.name), ...(household.nicknames ?? [])];
}

export type LookupQuery = { kind: "email"; email: string } | { kind: "name"; words: Set<string> };

/** What the guest typed, read as an email address or a name. */
export function readLookupQuery(typed: string): LookupQuery {
  const text = typed.trim();
  return looksLikeEmail(text) ? { kind: "email", email: text.toLowerCase() } : { kind: "name", words: nameWords(text) };
}

/**
 * The one household the query points at, or undefined when none does or more than one does (two cousins both
 * called "Ana García"): then only the couple can tell, and the guest is sent to them.
 */
export function findHousehold(households: readonly Household[], query: LookupQuery): Household | undefined {
  const matches = households.filter((household) =>
    query.kind === "email"
      ? household.email?.toLowerCase() === query.email
      : namesOf(household).some((name) => namesMatch(query.words, nameWords(name))),
  );
  return matches.length === 1 ? matches[0] : undefined;
}

/** An address shown without giving it away: "lucia@gmail.com" → "l•••@gmail.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
