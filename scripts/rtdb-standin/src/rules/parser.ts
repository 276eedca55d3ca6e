// Parser for Realtime Database rule expressions (the JavaScript-like subset Firebase accepts) into a small AST.
// Checked by ./typecheck, evaluated by ./evaluate; nothing here executes code.
import { compileRegex, RegexSubsetError } from "./regex";

export type Expr =
  | { type: "literal"; value: null | boolean | number | string }
  | { type: "regex"; regex: RegExp }
  | { type: "array"; items: Expr[] }
  | { type: "ident"; name: string }
  | { type: "member"; object: Expr; name: string }
  | { type: "index"; object: Expr; index: Expr }
  | { type: "call"; object: Expr; method: string; args: Expr[] }
  | { type: "unary"; op: "!" | "-"; arg: Expr }
  | { type: "binary"; op: string; left: Expr; right: Expr }
  | { type: "conditional"; test: Expr; then: Expr; otherwise: Expr };

export class RuleSyntaxError extends Error {}

type Token =
  | { kind: "num"; value: number }
  | { kind: "str"; value: string }
  | { kind: "ident"; value: string }
  | { kind: "regex"; value: RegExp }
  | { kind: "op"; value: string }
  | { kind: "end" };

const OPERATORS = [
  "===",
  "!==",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "(",
  ")",
  "[",
  "]",
  ".",
  ",",
  "!",
  "-",
  "+",
  "*",
  "/",
  "%",
  "<",
  ">",
  "?",
  ":",
];
const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", "0": "\0" };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  // A "/" starts a regex literal only where an operand is expected, as in JavaScript.
  const operandExpected = (): boolean => {
    const last = tokens[tokens.length - 1];
    return !last || (last.kind === "op" && last.value !== ")" && last.value !== "]");
  };
  while (i < source.length) {
    const ch = source.charAt(i);
    if (/\s/.test(ch)) {
      i++;
    } else if (/[0-9]/.test(ch) || (ch === "." && /[0-9]/.test(source.charAt(i + 1)))) {
      const match = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(source.slice(i));
      const text = match?.[0] ?? ch;
      tokens.push({ kind: "num", value: Number(text) });
      i += text.length;
    } else if (/[A-Za-z_$]/.test(ch)) {
      const text = /^[A-Za-z0-9_$]+/.exec(source.slice(i))?.[0] ?? ch;
      tokens.push({ kind: "ident", value: text });
      i += text.length;
    } else if (ch === '"' || ch === "'") {
      let value = "";
      i++;
      while (source.charAt(i) !== ch) {
        if (i >= source.length) throw new RuleSyntaxError("unterminated string");
        let c = source.charAt(i++);
        if (c === "\\") {
          const escaped = source.charAt(i++);
          c = ESCAPES[escaped] ?? escaped;
        }
        value += c;
      }
      i++;
      tokens.push({ kind: "str", value });
    } else if (ch === "/" && operandExpected()) {
      const match = /^\/((?:\\.|\[(?:\\.|[^\]])*\]|[^/\\[\n])+)\/([a-z]*)/.exec(source.slice(i));
      if (!match?.[1]) throw new RuleSyntaxError("unterminated regular expression");
      try {
        tokens.push({ kind: "regex", value: compileRegex(match[1], match[2] ?? "") });
      } catch (error) {
        if (error instanceof RegexSubsetError) throw new RuleSyntaxError(error.message);
        throw error;
      }
      i += match[0].length;
    } else {
      const op = OPERATORS.find((candidate) => source.startsWith(candidate, i));
      if (!op) throw new RuleSyntaxError(`unexpected character ${JSON.stringify(ch)} at ${i}`);
      tokens.push({ kind: "op", value: op });
      i += op.length;
    }
  }
  tokens.push({ kind: "end" });
  return tokens;
}

const BINARY_LEVELS: string[][] = [
  ["||"],
  ["&&"],
  ["==", "===", "!=", "!=="],
  ["<", "<=", ">", ">="],
  ["+", "-"],
  ["*", "/", "%"],
];

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.pos] ?? { kind: "end" };
  }

  private isOp(value: string): boolean {
    const token = this.peek();
    return token.kind === "op" && token.value === value;
  }

  private expectOp(value: string): void {
    if (!this.isOp(value)) throw new RuleSyntaxError(`expected "${value}"`);
    this.pos++;
  }

  parseAll(): Expr {
    const expr = this.expression();
    if (this.peek().kind !== "end") throw new RuleSyntaxError("unexpected text after expression");
    return expr;
  }

  expression(): Expr {
    const test = this.binary(0);
    if (!this.isOp("?")) return test;
    this.pos++;
    const then = this.expression();
    this.expectOp(":");
    return { type: "conditional", test, then, otherwise: this.expression() };
  }

  private binary(level: number): Expr {
    const ops = BINARY_LEVELS[level];
    if (!ops) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.peek();
      if (token.kind !== "op" || !ops.includes(token.value)) return left;
      this.pos++;
      left = { type: "binary", op: token.value, left, right: this.binary(level + 1) };
    }
  }

  private unary(): Expr {
    if (this.isOp("!") || this.isOp("-")) {
      const op = (this.peek() as { value: "!" | "-" }).value;
      this.pos++;
      return { type: "unary", op, arg: this.unary() };
    }
    return this.postfix(this.primary());
  }

  private postfix(start: Expr): Expr {
    let expr = start;
    for (;;) {
      if (this.isOp(".")) {
        this.pos++;
        const name = this.peek();
        if (name.kind !== "ident") throw new RuleSyntaxError('expected a property name after "."');
        this.pos++;
        if (this.isOp("(")) {
          expr = { type: "call", object: expr, method: name.value, args: this.args() };
        } else {
          expr = { type: "member", object: expr, name: name.value };
        }
      } else if (this.isOp("[")) {
        this.pos++;
        const index = this.expression();
        this.expectOp("]");
        expr = { type: "index", object: expr, index };
      } else {
        return expr;
      }
    }
  }

  private args(): Expr[] {
    this.expectOp("(");
    const args: Expr[] = [];
    while (!this.isOp(")")) {
      args.push(this.expression());
      if (!this.isOp(")")) this.expectOp(",");
    }
    this.pos++;
    return args;
  }

  private primary(): Expr {
    const token = this.peek();
    this.pos++;
    switch (token.kind) {
      case "num":
      case "str":
        return { type: "literal", value: token.value };
      case "regex":
        return { type: "regex", regex: token.value };
      case "ident":
        if (token.value === "true" || token.value === "false")
          return { type: "literal", value: token.value === "true" };
        if (token.value === "null") return { type: "literal", value: null };
        return { type: "ident", name: token.value };
      case "op":
        if (token.value === "(") {
          const inner = this.expression();
          this.expectOp(")");
          return inner;
        }
        if (token.value === "[") {
          const items: Expr[] = [];
          while (!this.isOp("]")) {
            items.push(this.expression());
            if (!this.isOp("]")) this.expectOp(",");
          }
          this.pos++;
          return { type: "array", items };
        }
        throw new RuleSyntaxError(`unexpected "${token.value}"`);
      case "end":
        throw new RuleSyntaxError("unexpected end of expression");
    }
  }
}

export function parseRule(source: string): Expr {
  return new Parser(tokenize(source)).parseAll();
}
