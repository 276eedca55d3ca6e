// Loads rules text (`{"rules": {...}}`, comments allowed) into a tree of checked, parsed rules. Whatever
// `firebase deploy` would refuse is refused here, with the line, the rule's path and the problem.
import { type Node as JsonNode, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import { isValidKey } from "../validate";
import { type Expr, parseRule } from "./parser";
import { checkRule } from "./typecheck";

export type Rule = Expr | boolean;

export interface RuleNode {
  read?: Rule;
  write?: Rule;
  validate?: Rule;
  children: Map<string, RuleNode>;
  wildcard?: { name: string; node: RuleNode };
  /** `.indexOn`: the children (or `.value`) queries on this location may order by without a warning. */
  indexes: ReadonlySet<string>;
  /** Whether this node or anything below has a .validate, so unaffected subtrees are skipped. */
  validates: boolean;
}

export class RulesError extends Error {}

type RuleKind = ".read" | ".write" | ".validate";

function isRuleKind(key: string): key is RuleKind {
  return key === ".read" || key === ".write" || key === ".validate";
}

class Compiler {
  constructor(private readonly source: string) {}

  private lineOf(offset: number): number {
    let line = 1;
    for (let i = 0; i < offset; i++) if (this.source.charCodeAt(i) === 10) line++;
    return line;
  }

  error(at: JsonNode, where: string, message: string): RulesError {
    return new RulesError(`Line ${this.lineOf(at.offset)} (${where || "/"}): ${message}`);
  }

  private rule(value: JsonNode, where: string, wildcards: ReadonlySet<string>, kind: RuleKind): Rule {
    if (value.type === "boolean") return value.value as boolean;
    if (value.type !== "string") throw this.error(value, where, "a rule must be true, false or an expression string");
    try {
      const expr = parseRule(value.value as string);
      checkRule(expr, { wildcards, isRead: kind === ".read" });
      return expr;
    } catch (error) {
      throw this.error(value, where, (error as Error).message);
    }
  }

  /** `".indexOn": "age"` or `[".value", "address/city"]`: child paths of valid keys, or `.value`. */
  private indexes(value: JsonNode, where: string): Set<string> {
    const items = value.type === "array" ? (value.children ?? []) : [value];
    const indexes = new Set<string>();
    for (const item of items) {
      const index = item.value;
      const valid =
        item.type === "string" &&
        (index === ".value" || (index !== "" && (index as string).split("/").every((key) => isValidKey(key))));
      if (!valid) {
        throw this.error(item, where, 'an index is a child path or ".value": ".indexOn": ["createdAt", ".value"]');
      }
      indexes.add(index as string);
    }
    return indexes;
  }

  node(json: JsonNode, where: string, wildcards: ReadonlySet<string>): RuleNode {
    if (json.type !== "object") throw this.error(json, where, "expected an object of rules");
    const node: RuleNode = { children: new Map(), indexes: new Set(), validates: false };
    for (const property of json.children ?? []) {
      const [keyNode, value] = property.children as [JsonNode, JsonNode];
      const key = keyNode.value as string;
      const here = `${where}/${key}`;
      if (isRuleKind(key)) {
        const rule = this.rule(value, here, wildcards, key);
        if (key === ".read") node.read = rule;
        else if (key === ".write") node.write = rule;
        else node.validate = rule;
      } else if (key === ".indexOn") {
        node.indexes = this.indexes(value, here);
      } else if (key.startsWith(".")) {
        throw this.error(keyNode, here, `unknown rule type ${key} (rules are .read, .write, .validate, .indexOn)`);
      } else if (key.startsWith("$")) {
        if (node.wildcard)
          throw this.error(keyNode, here, `only one $variable per level (${node.wildcard.name} is one)`);
        node.wildcard = { name: key, node: this.node(value, here, new Set([...wildcards, key])) };
      } else {
        node.children.set(key, this.node(value, here, wildcards));
      }
    }
    node.validates =
      node.validate !== undefined ||
      [...node.children.values()].some((child) => child.validates) ||
      (node.wildcard?.node.validates ?? false);
    return node;
  }
}

function syntaxError(source: string, error: ParseError): RulesError {
  const before = source.slice(0, error.offset).split("\n");
  const column = (before.at(-1)?.length ?? 0) + 1;
  return new RulesError(
    `rules are not valid JSON: line ${before.length}, column ${column}: ${printParseErrorCode(error.error)}`,
  );
}

/** Parses and checks rules text; throws RulesError naming the first problem. */
export function compileRules(source: string): RuleNode {
  const errors: ParseError[] = [];
  const tree = parseTree(source, errors, { allowTrailingComma: false, disallowComments: false });
  const [firstError] = errors;
  if (firstError) throw syntaxError(source, firstError);
  const rulesProperty = tree?.type === "object" ? tree.children?.find((p) => p.children?.[0]?.value === "rules") : null;
  const rules = rulesProperty?.children?.[1];
  if (!rules) throw new RulesError('rules must be an object with a top-level "rules" key');
  return new Compiler(source).node(rules, "", new Set());
}
