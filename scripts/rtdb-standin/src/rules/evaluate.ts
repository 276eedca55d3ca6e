// Evaluates a checked rule expression against auth, now, data/newData/root snapshots and $variables.
// Like Firebase, a type error when the rule runs (a missing claim used as a string, say) makes it false.
import { getAt, isLeaf, type MaybeNode } from "../tree";
import type { Expr } from "./parser";

/** RuleDataSnapshot: a location in one version of the tree (current or proposed). */
export class RuleSnapshot {
  constructor(
    readonly root: MaybeNode,
    readonly path: readonly string[],
  ) {}

  node(): MaybeNode {
    return getAt(this.root, this.path);
  }
}

export interface RuleContext {
  auth: Record<string, unknown> | null;
  now: number;
  root: RuleSnapshot;
  data: RuleSnapshot;
  /** Absent for read rules, where newData is not defined. */
  newData?: RuleSnapshot;
  vars: Readonly<Record<string, string>>;
}

class RuleEvalError extends Error {}

function fail(message: string): never {
  throw new RuleEvalError(message);
}

function childPath(value: unknown): string[] {
  if (typeof value !== "string") fail("child paths must be strings");
  const segments = value.split("/").filter((segment) => segment !== "");
  if (segments.length === 0 || segments.some((segment) => /[.#$[\]]/.test(segment)))
    fail(`invalid child path ${value}`);
  return segments;
}

/**
 * What `val()` returns for a node with children. Firebase returns a sentinel there, never the object, so rules
 * cannot read children through `val()`: this value equals nothing, is no string and has no properties.
 */
const CHILDREN_SENTINEL = Symbol("val() of a node with children");

function leafValue(snapshot: RuleSnapshot): unknown {
  const node = snapshot.node();
  return node && isLeaf(node) ? node.leaf : undefined;
}

function val(snapshot: RuleSnapshot): unknown {
  const node = snapshot.node();
  if (!node) return null;
  return isLeaf(node) ? node.leaf : CHILDREN_SENTINEL;
}

function snapshotMethod(snapshot: RuleSnapshot, method: string, args: unknown[]): unknown {
  switch (method) {
    case "val":
      return val(snapshot);
    case "child":
      return new RuleSnapshot(snapshot.root, [...snapshot.path, ...childPath(args[0])]);
    case "parent":
      if (snapshot.path.length === 0) fail("the root has no parent");
      return new RuleSnapshot(snapshot.root, snapshot.path.slice(0, -1));
    case "exists":
      return snapshot.node() !== null;
    case "hasChild":
      return getAt(snapshot.node(), childPath(args[0])) !== null;
    case "hasChildren": {
      const node = snapshot.node();
      if (args.length === 0) return node !== null && !isLeaf(node);
      const names = args[0];
      if (!Array.isArray(names)) fail("hasChildren expects an array of names");
      return names.every((name) => getAt(node, childPath(name)) !== null);
    }
    case "isString":
      return typeof leafValue(snapshot) === "string";
    case "isNumber":
      return typeof leafValue(snapshot) === "number";
    case "isBoolean":
      return typeof leafValue(snapshot) === "boolean";
    case "getPriority":
      return snapshot.node()?.priority ?? null;
    default:
      return fail(`unknown snapshot method ${method}`);
  }
}

function stringArg(args: unknown[], index: number): string {
  const value = args[index];
  if (typeof value !== "string") fail("expected a string argument");
  return value;
}

function stringMethod(text: string, method: string, args: unknown[]): unknown {
  switch (method) {
    case "contains":
      return text.includes(stringArg(args, 0));
    case "beginsWith":
      return text.startsWith(stringArg(args, 0));
    case "endsWith":
      return text.endsWith(stringArg(args, 0));
    case "replace":
      return text.split(stringArg(args, 0)).join(stringArg(args, 1));
    case "toLowerCase":
      return text.toLowerCase();
    case "toUpperCase":
      return text.toUpperCase();
    case "matches": {
      const regex = args[0];
      if (!(regex instanceof RegExp)) fail("matches expects a regular expression literal");
      return regex.test(text);
    }
    default:
      return fail(`unknown string method ${method}`);
  }
}

/**
 * A property of a string (`length`) or of `auth` and its claims. Like Firebase, reading a property of something
 * that has none (a missing claim, or `auth` when signed out) gives null; using that null is what fails.
 */
function member(object: unknown, name: string): unknown {
  if (typeof object === "string") return name === "length" ? object.length : null;
  if (typeof object === "object" && object !== null && !(object instanceof RuleSnapshot) && !Array.isArray(object)) {
    return Object.hasOwn(object, name) ? (object as Record<string, unknown>)[name] : null;
  }
  return null;
}

function asBoolean(value: unknown): boolean {
  if (typeof value !== "boolean") fail("expected a boolean");
  return value;
}

function compare(op: string, left: unknown, right: unknown): boolean {
  const bothNumbers = typeof left === "number" && typeof right === "number";
  const bothStrings = typeof left === "string" && typeof right === "string";
  if (!bothNumbers && !bothStrings) fail(`cannot compare ${typeof left} with ${typeof right}`);
  const a = left as number | string;
  const b = right as number | string;
  return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b;
}

function isStringOrNumber(value: unknown): value is string | number {
  return typeof value === "string" || typeof value === "number";
}

function arithmetic(op: string, left: unknown, right: unknown): unknown {
  if (op === "+" && (typeof left === "string" || typeof right === "string")) {
    if (!isStringOrNumber(left) || !isStringOrNumber(right)) fail("+ joins strings and numbers only");
    return String(left) + String(right);
  }
  if (typeof left !== "number" || typeof right !== "number") fail(`"${op}" needs numbers`);
  switch (op) {
    case "+":
      return left + right;
    case "-":
      return left - right;
    case "*":
      return left * right;
    case "/":
      // Firebase's rules give NaN, not Infinity, for a division by zero.
      return right === 0 ? Number.NaN : left / right;
    default:
      return left % right;
  }
}

function variable(name: string, context: RuleContext): unknown {
  switch (name) {
    case "auth":
      return context.auth;
    case "now":
      return context.now;
    case "root":
      return context.root;
    case "data":
      return context.data;
    case "newData":
      return context.newData ?? fail("newData is only defined in write rules");
    default:
      if (name.startsWith("$") && Object.hasOwn(context.vars, name)) return context.vars[name];
      return fail(`unknown variable ${name}`);
  }
}

function evaluate(expr: Expr, context: RuleContext): unknown {
  switch (expr.type) {
    case "literal":
      return expr.value;
    case "regex":
      return expr.regex;
    case "array":
      return expr.items.map((item) => evaluate(item, context));
    case "ident":
      return variable(expr.name, context);
    case "member":
      return member(evaluate(expr.object, context), expr.name);
    case "index": {
      const key = evaluate(expr.index, context);
      if (typeof key !== "string") fail("property names must be strings");
      return member(evaluate(expr.object, context), key);
    }
    case "call": {
      const object = evaluate(expr.object, context);
      const args = expr.args.map((arg) => evaluate(arg, context));
      if (object instanceof RuleSnapshot) return snapshotMethod(object, expr.method, args);
      if (typeof object === "string") return stringMethod(object, expr.method, args);
      return fail(`cannot call ${expr.method} here`);
    }
    case "unary": {
      const value = evaluate(expr.arg, context);
      if (expr.op === "!") return !asBoolean(value);
      if (typeof value !== "number") fail("unary minus needs a number");
      return -value;
    }
    case "conditional":
      return asBoolean(evaluate(expr.test, context)) ? evaluate(expr.then, context) : evaluate(expr.otherwise, context);
    case "binary": {
      const { op } = expr;
      if (op === "&&") return asBoolean(evaluate(expr.left, context)) && asBoolean(evaluate(expr.right, context));
      if (op === "||") return asBoolean(evaluate(expr.left, context)) || asBoolean(evaluate(expr.right, context));
      const left = evaluate(expr.left, context);
      const right = evaluate(expr.right, context);
      switch (op) {
        case "==":
        case "===":
        case "!=":
        case "!==":
          // Values of different types are simply not equal; nothing here fails.
          return (left === right) === (op === "==" || op === "===");
        case "<":
        case "<=":
        case ">":
        case ">=":
          return compare(op, left, right);
        default:
          return arithmetic(op, left, right);
      }
    }
  }
}

/** True only when the expression evaluates to the boolean `true`; errors and other values deny. */
export function evaluateRule(expr: Expr | boolean, context: RuleContext): boolean {
  if (typeof expr === "boolean") return expr;
  try {
    return evaluate(expr, context) === true;
  } catch (error) {
    if (error instanceof RuleEvalError) return false;
    throw error;
  }
}
