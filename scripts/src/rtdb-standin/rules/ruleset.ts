// A loaded database.rules.json: compiles every rule once, then answers "may this client read here" and
// "may this client make these changes" with Firebase's cascading .read/.write and per-node .validate semantics.
import { getAt, isLeaf, type MaybeNode } from "../tree";
import { evaluateRule, type RuleContext, RuleSnapshot } from "./evaluate";
import { type Expr, freeIdentifiers, parseRule } from "./parser";

type Rule = Expr | boolean;

interface RuleNode {
  read?: Rule;
  write?: Rule;
  validate?: Rule;
  children: Map<string, RuleNode>;
  wildcard?: { name: string; node: RuleNode };
  /** Whether this node or anything below has a .validate, so unaffected subtrees are skipped. */
  validates: boolean;
}

export class RulesError extends Error {}

const GLOBALS = new Set(["auth", "now", "root", "data", "newData"]);

/** Firebase rules files may contain comments; drop them outside of strings before JSON.parse. */
function stripComments(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (ch === '"') {
      const end = /^"(?:\\.|[^"\\])*"/.exec(text.slice(i))?.[0] ?? ch;
      out += end;
      i += end.length;
    } else if (text.startsWith("//", i)) {
      while (i < text.length && text.charAt(i) !== "\n") i++;
    } else if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

function compileRule(value: unknown, where: string, scope: Set<string>, isRead: boolean): Rule {
  if (typeof value === "boolean") return value;
  if (typeof value !== "string") throw new RulesError(`${where}: a rule must be a boolean or an expression string`);
  let expr: Expr;
  try {
    expr = parseRule(value);
  } catch (error) {
    throw new RulesError(`${where}: ${(error as Error).message}`);
  }
  for (const name of freeIdentifiers(expr)) {
    if (name === "newData" && isRead) throw new RulesError(`${where}: newData is not available in .read rules`);
    if (!GLOBALS.has(name) && !scope.has(name)) throw new RulesError(`${where}: unknown variable ${name}`);
  }
  return expr;
}

function compileNode(json: unknown, where: string, scope: Set<string>): RuleNode {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new RulesError(`${where}: expected an object of rules`);
  }
  const node: RuleNode = { children: new Map(), validates: false };
  for (const [key, value] of Object.entries(json)) {
    const here = `${where}/${key}`;
    if (key === ".read") node.read = compileRule(value, here, scope, true);
    else if (key === ".write") node.write = compileRule(value, here, scope, false);
    else if (key === ".validate") node.validate = compileRule(value, here, scope, false);
    else if (key === ".indexOn") continue;
    else if (key.startsWith(".")) throw new RulesError(`${here}: unsupported rule type`);
    else if (key.startsWith("$")) {
      if (node.wildcard) throw new RulesError(`${where}: only one $variable is allowed per level`);
      node.wildcard = { name: key, node: compileNode(value, here, new Set([...scope, key])) };
    } else node.children.set(key, compileNode(value, here, scope));
  }
  node.validates =
    node.validate !== undefined ||
    [...node.children.values()].some((child) => child.validates) ||
    (node.wildcard?.node.validates ?? false);
  return node;
}

interface Step {
  node: RuleNode;
  vars: Record<string, string>;
}

/** The rule node for a child key: an exact key wins over the level's $variable. */
function step(from: Step, key: string): Step | null {
  const exact = from.node.children.get(key);
  if (exact) return { node: exact, vars: from.vars };
  const wildcard = from.node.wildcard;
  return wildcard ? { node: wildcard.node, vars: { ...from.vars, [wildcard.name]: key } } : null;
}

export interface WriteCheck {
  auth: Record<string, unknown> | null;
  now: number;
  oldRoot: MaybeNode;
  newRoot: MaybeNode;
  /** Every path whose value the write replaces (one for a set, one per key for an update). */
  changedPaths: string[][];
}

export class Ruleset {
  private constructor(
    readonly source: string,
    private readonly root: RuleNode,
  ) {}

  /** Parses rules text as the emulator accepts it (`{"rules": {...}}`, comments allowed). */
  static parse(source: string): Ruleset {
    let json: unknown;
    try {
      json = JSON.parse(stripComments(source));
    } catch (error) {
      throw new RulesError(`rules are not valid JSON: ${(error as Error).message}`);
    }
    const rules = (json as { rules?: unknown } | null)?.rules;
    if (rules === undefined) throw new RulesError('rules must be an object with a top-level "rules" key');
    return new Ruleset(source, compileNode(rules, "", new Set()));
  }

  /** What the official emulator runs without a rules file: everything allowed. */
  static open(): Ruleset {
    return Ruleset.parse('{"rules": {".read": true, ".write": true}}');
  }

  canRead(path: readonly string[], auth: Record<string, unknown> | null, root: MaybeNode, now: number): boolean {
    let at: Step | null = { node: this.root, vars: {} };
    for (let depth = 0; at; depth++) {
      const here = path.slice(0, depth);
      const context: RuleContext = {
        auth,
        now,
        root: new RuleSnapshot(root, []),
        data: new RuleSnapshot(root, here),
        vars: at.vars,
      };
      if (at.node.read !== undefined && evaluateRule(at.node.read, context)) return true;
      const key = path[depth];
      if (key === undefined) return false;
      at = step(at, key);
    }
    return false;
  }

  canWrite(check: WriteCheck): boolean {
    const validated = new Set<string>();
    return check.changedPaths.every(
      (path) => this.writeGranted(check, path) && this.validatesAlong(check, path, validated),
    );
  }

  private context(check: WriteCheck, path: readonly string[], vars: Record<string, string>): RuleContext {
    return {
      auth: check.auth,
      now: check.now,
      root: new RuleSnapshot(check.oldRoot, []),
      data: new RuleSnapshot(check.oldRoot, path),
      newData: new RuleSnapshot(check.newRoot, path),
      vars,
    };
  }

  /**
   * .write cascades down only: a grant at the written path or above allows it. A grant on a child never allows
   * writing its parent, even when only that child changes (Firebase documents this; an update is checked per path).
   */
  private writeGranted(check: WriteCheck, path: string[]): boolean {
    let at: Step | null = { node: this.root, vars: {} };
    for (let depth = 0; at && depth <= path.length; depth++) {
      const here = path.slice(0, depth);
      if (at.node.write !== undefined && evaluateRule(at.node.write, this.context(check, here, at.vars))) return true;
      const key = path[depth];
      at = key === undefined ? null : step(at, key);
    }
    return false;
  }

  /** .validate runs (without cascading) on every node the write changes: the path's ancestors and the new data. */
  private validatesAlong(check: WriteCheck, path: string[], validated: Set<string>): boolean {
    let at: Step | null = { node: this.root, vars: {} };
    for (let depth = 0; depth < path.length; depth++) {
      if (!this.validateNode(check, at, path.slice(0, depth), validated)) return false;
      at = step(at, path[depth] as string);
      if (!at) return true;
    }
    return this.validateSubtree(check, at, path, validated);
  }

  private validateNode(check: WriteCheck, at: Step, path: string[], validated: Set<string>): boolean {
    const id = path.join("/");
    if (at.node.validate === undefined || validated.has(id)) return true;
    validated.add(id);
    if (!getAt(check.newRoot, path)) return true; // deletes are never validated
    return evaluateRule(at.node.validate, this.context(check, path, at.vars));
  }

  private validateSubtree(check: WriteCheck, at: Step, path: string[], validated: Set<string>): boolean {
    if (!at.node.validates) return true;
    if (!this.validateNode(check, at, path, validated)) return false;
    return childKeys(getAt(check.newRoot, path)).every((key) => {
      const next = step(at, key);
      return !next || this.validateSubtree(check, next, [...path, key], validated);
    });
  }
}

function childKeys(node: MaybeNode): string[] {
  return node && !isLeaf(node) ? [...node.children.keys()] : [];
}
