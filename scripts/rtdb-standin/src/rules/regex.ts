// Regular expression literals in rules, limited to the subset Firebase documents: literals, `.`, sets and ranges,
// `\s \w \d \S \W \D`, escaped punctuation, groups, `|`, `* + ? {n,m}`, `^` only first, `$` only last, flag `i` only.

export class RegexSubsetError extends Error {}

const SUPPORTED_FLAGS = new Set(["", "i"]);
const CLASS_ESCAPES = "swdSWD";

function isAsciiLetterOrDigit(ch: string): boolean {
  return /^[A-Za-z0-9]$/.test(ch);
}

/** A recursive-descent check of one pattern; it only validates, RegExp does the matching. */
class SubsetChecker {
  private pos = 0;

  constructor(private readonly pattern: string) {}

  private fail(message: string): never {
    throw new RegexSubsetError(`/${this.pattern}/: ${message}`);
  }

  private peek(): string {
    return this.pattern.charAt(this.pos);
  }

  private atEnd(): boolean {
    return this.pos >= this.pattern.length;
  }

  check(): void {
    if (this.peek() === "^") this.pos++;
    this.alternation(false);
    if (this.peek() === "$" && this.pos === this.pattern.length - 1) this.pos++;
    if (!this.atEnd()) this.unexpected();
  }

  private unexpected(): never {
    const ch = this.peek();
    if (ch === "^") this.fail("^ anchors only as the first character of the pattern");
    if (ch === "$") this.fail("$ anchors only as the last character of the pattern");
    if (ch === ")") this.fail("unmatched )");
    return this.fail(`unexpected ${JSON.stringify(ch)}`);
  }

  private alternation(inGroup: boolean): void {
    this.sequence();
    while (this.peek() === "|") {
      this.pos++;
      this.sequence();
    }
    if (inGroup && this.peek() !== ")") this.fail("unterminated group: add )");
  }

  private sequence(): void {
    const start = this.pos;
    while (!this.atEnd() && !this.endsSequence()) {
      this.atom();
      this.quantifiers();
    }
    if (this.pos === start) this.fail("empty pattern: every side of | and every group needs something to match");
  }

  private endsSequence(): boolean {
    const ch = this.peek();
    if (ch === "|" || ch === ")") return true;
    return ch === "$" && this.pos === this.pattern.length - 1;
  }

  private atom(): void {
    const ch = this.peek();
    if (ch === "(") {
      this.pos++;
      if (this.peek() === "?") this.fail("(?…) groups, lookahead and lookbehind are not in Firebase's subset");
      this.alternation(true);
      this.pos++;
    } else if (ch === "[") {
      this.set();
    } else if (ch === "\\") {
      this.escape();
    } else if ("*+?{".includes(ch)) {
      this.fail(`nothing to repeat before ${ch}: escape it as \\${ch} to match it literally`);
    } else if (ch === "^" || ch === "$") {
      this.unexpected();
    } else {
      this.pos++;
    }
  }

  private escape(): void {
    const next = this.pattern.charAt(this.pos + 1);
    if (next === "") this.fail("the pattern ends with a lone \\");
    if (isAsciiLetterOrDigit(next) && !CLASS_ESCAPES.includes(next)) {
      this.fail(`\\${next} is not in Firebase's subset (escapes: \\s \\w \\d \\S \\W \\D and escaped punctuation)`);
    }
    this.pos += 2;
  }

  private set(): void {
    this.pos++;
    if (this.peek() === "^") this.pos++;
    const start = this.pos;
    while (this.peek() !== "]") {
      if (this.atEnd()) this.fail("unterminated set: add ]");
      if (this.peek() === "\\") this.escape();
      else this.pos++;
    }
    if (this.pos === start) this.fail("empty set []");
    this.pos++;
  }

  /** At most one repetition per atom, optionally followed by `?` (which changes nothing for a match test). */
  private quantifiers(): void {
    const ch = this.peek();
    if (ch === "*" || ch === "+" || ch === "?") {
      this.pos++;
    } else if (ch === "{") {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.pattern.slice(this.pos));
      if (!match) this.fail("{ starts a repetition like {2}, {2,} or {2,5}: escape it as \\{ to match it literally");
      if (match[3] && Number(match[3]) < Number(match[1])) this.fail(`${match[0]}: the maximum is below the minimum`);
      this.pos += match[0].length;
    } else {
      return;
    }
    if (this.peek() === "?") this.pos++;
    if ("*+?{".includes(this.peek()) && !this.atEnd())
      this.fail("a repetition cannot be repeated: group it first, as in (a+)*");
  }
}

/**
 * Compiles a regex literal from a rule, refusing what Firebase's rules compiler refuses. Only the `i` flag is
 * allowed, so no RegExp built here has `lastIndex` state: `test` answers the same every time a rule runs.
 */
export function compileRegex(pattern: string, flags: string): RegExp {
  if (!SUPPORTED_FLAGS.has(flags)) {
    throw new RegexSubsetError(`/${pattern}/${flags}: only the i (ignore case) flag is supported`);
  }
  new SubsetChecker(pattern).check();
  try {
    return new RegExp(pattern, flags);
  } catch (error) {
    throw new RegexSubsetError(`/${pattern}/: ${(error as Error).message}`);
  }
}
