// A loaded database.rules.json: compiles every rule once, then answers "may this client read here" and
// "may this client make these changes" with Firebase's cascading .read/.write and per-node .validate semantics.
import { getAt, isLeaf, type MaybeNode } from "../tree";
import { compileRules, type RuleNode } from "./compile";
import { evaluateRule, type RuleContext, RuleSnapshot } from "./evaluate";

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

  /** Parses and checks rules text as the emulator accepts it (`{"rules": {...}}`, comments allowed). */
  static parse(source: string): Ruleset {
    return new Ruleset(source, compileRules(source));
  }

  /** What the official emulator runs without a rules file: everything allowed. */
  static open(): Ruleset {
    return Ruleset.parse('{"rules": {".read": true, ".write": true}}');
  }

  /** What `.indexOn` declares at `path` (matched like the other rules, a $variable standing for any key). */
  indexesAt(path: readonly string[]): ReadonlySet<string> {
    let at: Step | null = { node: this.root, vars: {} };
    for (const key of path) {
      at = step(at, key);
      if (!at) return new Set();
    }
    return at.node.indexes;
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
