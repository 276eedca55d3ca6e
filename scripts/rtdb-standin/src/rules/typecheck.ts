// Checks a parsed rule as Firebase does when rules are deployed: every variable and method exists, operands have
// types the operator accepts, and the rule is a boolean. Values only known when a rule runs (`auth`'s claims, a
// snapshot's `val()`) pass here and are checked again by ./evaluate.
import type { Expr } from "./parser";

export class RuleTypeError extends Error {}

/**
 * `primitive` is a snapshot's `val()`: a string, number, boolean or null, never an object. `any` is `auth` and what
 * is read from it. Both are "fuzzy": accepted wherever one of their possible types is.
 */
type RuleType = "boolean" | "number" | "string" | "null" | "primitive" | "any" | "snapshot" | "regex" | "array";

type Params = RuleType[] | "keyList";

interface Method {
  params: Params;
  returns: RuleType;
}

const SNAPSHOT_METHODS: Record<string, Method> = {
  val: { params: [], returns: "primitive" },
  child: { params: ["string"], returns: "snapshot" },
  parent: { params: [], returns: "snapshot" },
  hasChild: { params: ["string"], returns: "boolean" },
  hasChildren: { params: "keyList", returns: "boolean" },
  exists: { params: [], returns: "boolean" },
  getPriority: { params: [], returns: "any" },
  isNumber: { params: [], returns: "boolean" },
  isString: { params: [], returns: "boolean" },
  isBoolean: { params: [], returns: "boolean" },
};

const STRING_METHODS: Record<string, Method> = {
  contains: { params: ["string"], returns: "boolean" },
  beginsWith: { params: ["string"], returns: "boolean" },
  endsWith: { params: ["string"], returns: "boolean" },
  replace: { params: ["string", "string"], returns: "string" },
  toLowerCase: { params: [], returns: "string" },
  toUpperCase: { params: [], returns: "string" },
  matches: { params: ["regex"], returns: "boolean" },
};

export interface RuleScope {
  /** `$variables` bound by the rule's location. */
  wildcards: ReadonlySet<string>;
  /** `.read` rules have no `newData`. */
  isRead: boolean;
}

function fail(message: string): never {
  throw new RuleTypeError(message);
}

function isFuzzy(type: RuleType): boolean {
  return type === "any" || type === "primitive";
}

/** Whether a value of `type` may turn out to be one of `allowed` when the rule runs. */
function mayBe(type: RuleType, allowed: readonly RuleType[]): boolean {
  return allowed.includes(type) || isFuzzy(type);
}

const DESCRIPTIONS: Record<RuleType, string> = {
  boolean: "a boolean",
  number: "a number",
  string: "a string",
  null: "null",
  primitive: "the result of val()",
  any: "a value read from auth",
  snapshot: "a snapshot",
  regex: "a regular expression",
  array: "an array",
};

const VAL_HINT = "val() returns a primitive value, never an object: read a child with .child('name').val()";

class Checker {
  constructor(private readonly scope: RuleScope) {}

  typeOf(expr: Expr): RuleType {
    switch (expr.type) {
      case "literal":
        return expr.value === null ? "null" : (typeof expr.value as RuleType);
      case "regex":
        return "regex";
      case "array":
        for (const item of expr.items) this.typeOf(item);
        return "array";
      case "ident":
        return this.variable(expr.name);
      case "member":
        return this.property(this.typeOf(expr.object), expr.name);
      case "index":
        return this.indexed(expr.object, expr.index);
      case "call":
        return this.call(expr);
      case "unary":
        return this.unary(expr.op, this.typeOf(expr.arg));
      case "conditional":
        return this.conditional(expr);
      case "binary":
        return this.binary(expr.op, this.typeOf(expr.left), this.typeOf(expr.right));
    }
  }

  private variable(name: string): RuleType {
    switch (name) {
      case "auth":
        return "any";
      case "now":
        return "number";
      case "root":
      case "data":
        return "snapshot";
      case "newData":
        return this.scope.isRead ? fail("newData is not available in .read rules") : "snapshot";
      case "query":
        return fail("query-based rules (query.*) are not supported by the stand-in; see docs/realtime-database.md");
      default:
        if (name.startsWith("$") && this.scope.wildcards.has(name)) return "string";
        return fail(
          name.startsWith("$")
            ? `Unknown variable '${name}': no ${name} key on the path to this rule`
            : `Unknown variable '${name}'`,
        );
    }
  }

  private property(objectType: RuleType, name: string): RuleType {
    if (objectType === "any") return "any";
    if ((objectType === "string" || objectType === "primitive") && name === "length") return "number";
    if (this.methodOf(objectType, name)) return fail(`${name} is a method: call it as ${name}(…)`);
    return fail(this.noSuchMember(objectType, name));
  }

  private noSuchMember(objectType: RuleType, name: string): string {
    const hint = objectType === "primitive" ? ` (${VAL_HINT})` : "";
    return `No such method/property '${name}' on ${DESCRIPTIONS[objectType]}${hint}`;
  }

  /** `a[b]`: any key of `auth`; on other values only a string literal naming a known property, as Firebase allows. */
  private indexed(object: Expr, index: Expr): RuleType {
    const objectType = this.typeOf(object);
    const indexType = this.typeOf(index);
    if (objectType === "any") {
      if (!mayBe(indexType, ["string"])) fail("property names must be strings");
      return "any";
    }
    if (index.type !== "literal" || typeof index.value !== "string") fail("Invalid property access: use .name");
    return this.property(objectType, index.value);
  }

  private methodOf(objectType: RuleType, name: string): Method | undefined {
    if (objectType === "snapshot") return SNAPSHOT_METHODS[name];
    if (objectType === "string" || isFuzzy(objectType)) return STRING_METHODS[name];
    return undefined;
  }

  private call(expr: Extract<Expr, { type: "call" }>): RuleType {
    const objectType = this.typeOf(expr.object);
    const method = this.methodOf(objectType, expr.method);
    if (!method) fail(this.noSuchMember(objectType, expr.method));
    const argTypes = expr.args.map((arg) => this.typeOf(arg));
    if (method.params === "keyList") this.keyList(expr.args);
    else {
      if (argTypes.length !== method.params.length) {
        fail(`${expr.method}() takes ${method.params.length} argument(s), got ${argTypes.length}`);
      }
      method.params.forEach((param, i) => {
        const actual = argTypes[i] as RuleType;
        if (param === "regex" ? actual !== "regex" : !mayBe(actual, [param])) {
          fail(`${expr.method}() expects argument ${i + 1} to be a ${param === "regex" ? "/regex/ literal" : param}`);
        }
      });
    }
    return method.returns;
  }

  /** hasChildren() or hasChildren(['a', 'b']): a non-empty array literal of names. */
  private keyList(args: Expr[]): void {
    if (args.length === 0) return;
    const [list] = args;
    if (args.length > 1 || list?.type !== "array") fail("hasChildren takes one argument: an array of child names");
    if (list.items.length === 0) fail("hasChildren got an empty array: list the child names");
    for (const item of list.items) {
      if (!mayBe(this.typeOf(item), ["string"])) fail("hasChildren got an array with a non-string value");
    }
  }

  private unary(op: "!" | "-", argType: RuleType): RuleType {
    if (op === "!") {
      if (argType !== "boolean") fail("! only operates on a boolean");
      return "boolean";
    }
    if (!mayBe(argType, ["number"])) fail("- only operates on a number");
    return "number";
  }

  private conditional(expr: Extract<Expr, { type: "conditional" }>): RuleType {
    if (this.typeOf(expr.test) !== "boolean") fail("the condition of ? : must be a boolean");
    const then = this.typeOf(expr.then);
    const otherwise = this.typeOf(expr.otherwise);
    if (then === otherwise) return then;
    const primitives: RuleType[] = ["boolean", "number", "string", "null", "primitive"];
    return primitives.includes(then) && primitives.includes(otherwise) ? "primitive" : "any";
  }

  private binary(op: string, left: RuleType, right: RuleType): RuleType {
    const operands = (allowed: RuleType[]) => {
      for (const [side, type] of [
        ["left", left],
        ["right", right],
      ] as const) {
        if (!mayBe(type, allowed)) fail(`Invalid ${op} expression: ${side} operand is not a ${allowed.join(" or ")}`);
      }
    };
    switch (op) {
      case "&&":
      case "||":
        if (left !== "boolean") fail(`Left operand of ${op} must be boolean`);
        if (right !== "boolean") fail(`Right operand of ${op} must be boolean`);
        return "boolean";
      case "==":
      case "===":
      case "!=":
      case "!==":
        operands(["string", "number", "boolean", "null"]);
        return "boolean";
      case "<":
      case "<=":
      case ">":
      case ">=":
        operands(["string", "number", "null"]);
        if (!isFuzzy(left) && !isFuzzy(right) && left !== right) {
          fail(`Invalid ${op} expression: left and right sides have different types (${left}, ${right})`);
        }
        return "boolean";
      case "+":
        operands(["string", "number"]);
        if (left === "string" || right === "string") return "string";
        return left === "number" && right === "number" ? "number" : "primitive";
      default:
        operands(["number"]);
        return "number";
    }
  }
}

/** Throws RuleTypeError unless `expr` is a rule Firebase would accept at this location. */
export function checkRule(expr: Expr, scope: RuleScope): void {
  const type = new Checker(scope).typeOf(expr);
  if (type !== "boolean") {
    fail(`Expression must evaluate to a boolean, not ${isFuzzy(type) ? "a value known only when it runs" : type}`);
  }
}
