// Unit tests of the rules language: parsing, cascading .read/.write, non-cascading .validate, $variables,
// data/newData/root/now, RuleDataSnapshot and string methods, and errors that deny instead of throwing.
import { describe, expect, it } from "vitest";
import { fromJson, type MaybeNode, setAt } from "../tree";
import { parseRule } from "./parser";
import { RulesError, Ruleset } from "./ruleset";

const NOW = 1_700_000_000_000;
const alice = { uid: "alice", provider: "custom", token: { sub: "alice", email: "Alice@Example.com" } };

function rules(json: unknown): Ruleset {
  return Ruleset.parse(JSON.stringify({ rules: json }));
}

/** Checks a set of `value` at `path` (or an update of `changes` under it) against `oldData`. */
function canSet(
  ruleset: Ruleset,
  oldData: unknown,
  path: string,
  value: unknown,
  auth: Record<string, unknown> | null = alice,
): boolean {
  const target = path.split("/").filter(Boolean);
  const oldRoot = fromJson(oldData);
  const newRoot = setAt(oldRoot, target, fromJson(value), true);
  return ruleset.canWrite({ auth, now: NOW, oldRoot, newRoot, changedPaths: [target] });
}

function canUpdate(ruleset: Ruleset, oldData: unknown, changes: Record<string, unknown>, auth = alice): boolean {
  const oldRoot = fromJson(oldData);
  let newRoot: MaybeNode = oldRoot;
  const changedPaths = Object.keys(changes).map((key) => key.split("/"));
  for (const [key, value] of Object.entries(changes)) newRoot = setAt(newRoot, key.split("/"), fromJson(value), true);
  return ruleset.canWrite({ auth, now: NOW, oldRoot, newRoot, changedPaths });
}

function canRead(ruleset: Ruleset, data: unknown, path: string, auth: Record<string, unknown> | null = alice): boolean {
  return ruleset.canRead(path.split("/").filter(Boolean), auth, fromJson(data), NOW);
}

describe("parser", () => {
  it("parses precedence, member calls, regex literals and ternaries", () => {
    expect(parseRule("a || b && !c")).toMatchObject({ type: "binary", op: "||", right: { op: "&&" } });
    expect(parseRule("auth.token.email.matches(/^a.*@x\\.com$/i)")).toMatchObject({ type: "call", method: "matches" });
    expect(parseRule("1 + 2 * 3 > 6 ? 'yes' : 'no'")).toMatchObject({ type: "conditional" });
    expect(parseRule("a / b")).toMatchObject({ type: "binary", op: "/" });
  });

  it("rejects syntax errors, unknown variables and newData in read rules when rules load", () => {
    expect(() => rules({ ".read": "auth.uid ==" })).toThrow(RulesError);
    expect(() => rules({ ".read": "authh != null" })).toThrow(/unknown variable authh/);
    expect(() => rules({ ".read": "newData.exists()" })).toThrow(/newData/);
    expect(() => rules({ x: { ".write": "$uid == auth.uid" } })).toThrow(/unknown variable \$uid/);
    expect(() => rules({ $a: {}, $b: {} })).toThrow(/only one \$variable/);
    expect(() => Ruleset.parse('{"rules": {".read": true,}}')).toThrow(/not valid JSON/);
  });

  it("accepts comments in the rules file", () => {
    const ruleset = Ruleset.parse(
      '{\n  // everyone may read\n  "rules": { /* root */ ".read": "true || \'//\' == \'/*\'" }\n}',
    );
    expect(canRead(ruleset, null, "anything")).toBe(true);
  });
});

describe("cascading", () => {
  const ruleset = rules({
    public: { ".read": true, ".write": "auth != null", locked: { ".read": false, ".write": false } },
    private: { inner: { ".read": "auth != null" } },
  });

  it("grants reads and writes to everything below a grant, even where a deeper rule says false", () => {
    expect(canRead(ruleset, null, "public/locked/deep")).toBe(true);
    expect(canSet(ruleset, null, "public/locked/deep", 1)).toBe(true);
    expect(canSet(ruleset, null, "public/locked/deep", 1, null)).toBe(false);
  });

  it("denies where nothing on the way grants, and a deeper grant does not open the parent", () => {
    expect(canRead(ruleset, null, "private")).toBe(false);
    expect(canRead(ruleset, null, "private/inner/x")).toBe(true);
    expect(canRead(ruleset, null, "private/inner/x", null)).toBe(false);
    expect(canRead(ruleset, null, "elsewhere")).toBe(false);
  });
});

describe("$variables and writes above the granting level", () => {
  const ruleset = rules({
    users: {
      $uid: { ".write": "auth.uid == $uid", ".read": "auth.uid == $uid" },
      admin: { ".write": false },
    },
  });
  const existing = { users: { alice: { name: "A" }, bob: { name: "B" } } };

  it("binds the key to the $variable, and an exact key wins over the wildcard", () => {
    expect(canSet(ruleset, existing, "users/alice/name", "Ally")).toBe(true);
    expect(canSet(ruleset, existing, "users/bob/name", "Bobby")).toBe(false);
    expect(canRead(ruleset, existing, "users/alice")).toBe(true);
    expect(canSet(ruleset, existing, "users/admin", "x", { uid: "admin" })).toBe(false);
  });

  it("refuses a set above the level whose .write grants it, even when only a granted child changes", () => {
    expect(canSet(ruleset, existing, "users", { alice: { name: "Ally" }, bob: { name: "B" } })).toBe(false);
    expect(canSet(ruleset, { users: { alice: { name: "A" } } }, "users", { alice: { name: "Ally" } })).toBe(false);
    expect(canSet(ruleset, existing, "users", null)).toBe(false);
  });

  it("checks a multi-path update path by path", () => {
    expect(canUpdate(ruleset, existing, { "users/alice/name": "Ally", "users/alice/age": 30 })).toBe(true);
    expect(canUpdate(ruleset, existing, { "users/alice": { name: "Ally" } })).toBe(true);
    expect(canUpdate(ruleset, existing, { "users/alice/name": "Ally", "users/bob/name": "x" })).toBe(false);
    expect(canUpdate(ruleset, existing, { users: { alice: { name: "Ally" }, bob: { name: "B" } } })).toBe(false);
  });
});

describe(".validate", () => {
  const ruleset = rules({
    ".write": true,
    profile: {
      ".validate": "newData.hasChildren(['name'])",
      name: { ".validate": "newData.isString() && newData.val().length <= 5" },
      $other: { ".validate": false },
    },
    stamp: { ".validate": "newData.isNumber() && newData.val() <= now" },
  });

  it("runs on every written node and on the ancestors of the write, without cascading", () => {
    expect(canSet(ruleset, null, "profile", { name: "Ana" })).toBe(true);
    expect(canSet(ruleset, null, "profile", { name: "Anastasia" })).toBe(false);
    expect(canSet(ruleset, null, "profile", { name: "Ana", extra: 1 })).toBe(false);
    expect(canSet(ruleset, null, "profile", { nick: "A" })).toBe(false);
    // Writing below profile still validates profile itself with the merged new data.
    expect(canSet(ruleset, { profile: { name: "Ana" } }, "profile/name", "Eva")).toBe(true);
    expect(canSet(ruleset, null, "profile/name", "Eva")).toBe(true);
  });

  it("does not validate deletes", () => {
    expect(canSet(ruleset, { profile: { name: "Ana" } }, "profile", null)).toBe(true);
  });

  it("sees now as the server time", () => {
    expect(canSet(ruleset, null, "stamp", NOW)).toBe(true);
    expect(canSet(ruleset, null, "stamp", NOW + 1)).toBe(false);
    expect(canSet(ruleset, null, "stamp", "soon")).toBe(false);
  });
});

describe("data, newData and root", () => {
  const ruleset = rules({
    admins: { ".read": false },
    posts: {
      $post: {
        ".write":
          "(!data.exists() && newData.child('owner').val() == auth.uid) || root.child('admins').child(auth.uid).exists()",
      },
    },
    names: {
      $n: {
        ".write": "newData.parent().parent().child('posts').hasChild($n) && data.val() == null",
      },
    },
  });
  const data = { admins: { root: true }, posts: { p1: { owner: "bob" } } };

  it("compares current and proposed data and reads elsewhere in the tree", () => {
    expect(canSet(ruleset, data, "posts/p2", { owner: "alice" })).toBe(true);
    expect(canSet(ruleset, data, "posts/p2", { owner: "bob" })).toBe(false);
    expect(canSet(ruleset, data, "posts/p1", { owner: "alice" })).toBe(false);
    expect(canSet(ruleset, data, "posts/p1", { owner: "x" }, { uid: "root" })).toBe(true);
    expect(canSet(ruleset, data, "names/p1", "first")).toBe(true);
    expect(canSet(ruleset, data, "names/p9", "first")).toBe(false);
  });
});

describe("expressions", () => {
  function allows(expression: string, auth: Record<string, unknown> | null = alice): boolean {
    return canRead(rules({ ".read": expression }), { n: 7, s: "Hello" }, "", auth);
  }

  it("supports string methods and properties", () => {
    expect(allows("auth.token.email.toLowerCase() == 'alice@example.com'")).toBe(true);
    expect(allows("auth.token.email.matches(/^[a-z]+@example\\.com$/i)")).toBe(true);
    expect(allows("auth.uid.beginsWith('al') && auth.uid.endsWith('ce') && auth.uid.contains('lic')")).toBe(true);
    expect(allows("auth.uid.length == 5 && auth.uid.toUpperCase() == 'ALICE'")).toBe(true);
    expect(allows("auth.uid.replace('a', 'A') == 'Alice'")).toBe(true);
    expect(allows("'user-' + auth.uid == 'user-alice'")).toBe(true);
  });

  it("supports snapshot methods, arithmetic and ternaries", () => {
    expect(allows("data.child('n').isNumber() && data.child('n').val() % 2 == 1 && -data.child('n').val() < 0")).toBe(
      true,
    );
    expect(allows("data.child('s').isString() && !data.child('s').isBoolean() && data.hasChildren()")).toBe(true);
    expect(allows("data.hasChildren(['n', 's']) && !data.hasChild('missing')")).toBe(true);
    expect(allows("data.child('n').val() > 5 ? true : false")).toBe(true);
    expect(allows("auth.token['sub'] === 'alice'")).toBe(true);
  });

  it("reads a missing claim as null and denies on errors instead of throwing", () => {
    expect(allows("auth.token.couple == null")).toBe(true);
    expect(allows("auth.uid == 'alice'", null)).toBe(false);
    expect(allows("data.child('n').val() > 'a'")).toBe(false);
    expect(allows("data.child('s').val()")).toBe(false);
    expect(allows("data.parent().exists()")).toBe(false);
    expect(allows("auth.uid.unknownMethod()")).toBe(false);
  });
});
