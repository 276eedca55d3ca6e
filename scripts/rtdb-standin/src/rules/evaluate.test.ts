// Unit tests of the rules language: parsing, cascading .read/.write, non-cascading .validate, $variables,
// data/newData/root/now, RuleDataSnapshot and string methods, and errors that deny instead of throwing.
import { describe, expect, it } from "vitest";
import { fromJson, type MaybeNode, setAt } from "../tree";
import { RulesError } from "./compile";
import { parseRule } from "./parser";
import { Ruleset } from "./ruleset";

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
    expect(() => rules({ ".read": "authh != null" })).toThrow(/Unknown variable 'authh'/);
    expect(() => rules({ ".read": "newData.exists()" })).toThrow(/newData/);
    expect(() => rules({ x: { ".write": "$uid == auth.uid" } })).toThrow(/Unknown variable '\$uid'/);
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

  it("reads a missing claim, or any property of auth when signed out, as null", () => {
    expect(allows("auth.token.couple == null")).toBe(true);
    expect(allows("auth.uid == 'alice'", null)).toBe(false);
    expect(allows("auth.uid != 'alice'", null)).toBe(true);
    expect(allows("auth.token.missing.deeper == null")).toBe(true);
  });

  it("makes a rule false when a value turns out to have the wrong type as it runs", () => {
    expect(allows("data.child('n').val() > 'a'")).toBe(false);
    expect(allows("data.parent().exists()")).toBe(false);
    expect(allows("auth.token.missing.contains('x')")).toBe(false);
    expect(allows("root.child('users/' + auth.uid).exists() || true", null)).toBe(false);
    expect(allows("(1 + auth.token.missing) == 1")).toBe(false);
    expect(allows("auth.token.email > 5")).toBe(false);
  });

  it("divides by zero into NaN, which compares false with everything", () => {
    expect(allows("(1 / 0 + '') == 'NaN'")).toBe(true);
    expect(allows("(1 / 0) > 2 || (1 / 0) <= 2")).toBe(false);
  });
});

describe("val() of a node with children", () => {
  const data = { post: { message: "hi" } };

  it("refuses rules that read a property of val() when they load, pointing at child()", () => {
    expect(() => rules({ ".read": "data.child('post').val().message == 'hi'" })).toThrow(
      /No such method\/property 'message' on the result of val\(\).*child\('name'\)\.val\(\)/,
    );
    expect(() => rules({ ".read": "data.child('post').val()['message'] == 'hi'" })).toThrow(/'message'.*child\(/);
    expect(() => rules({ ".read": "data.child('post').val()[auth.uid] == 'hi'" })).toThrow(/Invalid property access/);
    expect(canRead(rules({ ".read": "data.child('post').child('message').val() == 'hi'" }), data, "")).toBe(true);
  });

  it("gives a value that exposes no children and equals nothing", () => {
    const open = (expression: string) => canRead(rules({ ".read": expression }), data, "");
    expect(open("(auth != null ? data.child('post').val() : auth).message == 'hi'")).toBe(false);
    expect(open("(auth != null ? data.child('post').val() : auth).message == null")).toBe(true);
    expect(open("data.child('post').val() != null && data.child('post').val().length == null")).toBe(true);
    expect(open("data.child('post').val() == data.child('post').val()")).toBe(true);
  });
});

describe("checks when rules load, as firebase deploy does", () => {
  it("names the line and the path of the rule, and the problem", () => {
    const text = '{\n  "rules": {\n    "live": {\n      ".read": "auth.uid"\n    }\n  }\n}';
    expect(() => Ruleset.parse(text)).toThrow(/^Line 4 \(\/live\/\.read\): Expression must evaluate to a boolean/);
    expect(() => Ruleset.parse('{\n  "rules": {\n    ".read": true,\n  }\n}')).toThrow(/line 4, column 3/);
  });

  it("refuses rules that are not boolean", () => {
    for (const rule of ["7", "'foo'", "auth.uid", "auth.isAdmin", "auth.x == 'a' ? 7 : true", "newData.val()"]) {
      expect(() => rules({ x: { ".write": rule } }), rule).toThrow(/must evaluate to a boolean/);
    }
    expect(() => rules({ ".read": 1 })).toThrow(/true, false or an expression string/);
  });

  it("refuses unknown methods, properties and variables", () => {
    expect(() => rules({ ".read": "auth.uid.unknownMethod()" })).toThrow(/No such method\/property 'unknownMethod'/);
    expect(() => rules({ ".read": "data.size() > 1" })).toThrow(/No such method\/property 'size' on a snapshot/);
    expect(() => rules({ ".read": "data.exists" })).toThrow(/exists is a method/);
    expect(() => rules({ ".read": "'a'.size == 1" })).toThrow(/No such method\/property 'size' on a string/);
    expect(() => rules({ ".read": "skies == 'blue'" })).toThrow(/Unknown variable 'skies'/);
    expect(() => rules({ ".read": "query.limitToFirst == 1" })).toThrow(/query-based rules/);
    expect(() => rules({ ".zap": true })).toThrow(/unknown rule type \.zap/);
  });

  it("refuses operands and arguments of the wrong type", () => {
    const refused = [
      "root.child('x') != null",
      "root.val() > true",
      "auth.x && true",
      "!auth.x",
      "auth.x ? true : false",
      "now + true == 1",
      "'a' < 1",
      "root.hasChildren('a', 'b')",
      "root.hasChildren(['a', 7])",
      "root.hasChildren([])",
      "root.child('str').val().matches('/foo/')",
      "root.child(1).exists()",
    ];
    for (const rule of refused) expect(() => rules({ ".read": rule }), rule).toThrow(RulesError);
  });

  it("reads .indexOn as child paths or .value, refusing anything else", () => {
    const ruleset = rules({
      posts: { $user: { ".indexOn": ["meta/createdAt", ".value"] } },
      live: { ".indexOn": "at" },
    });
    expect(ruleset.indexesAt(["posts", "ana"])).toEqual(new Set(["meta/createdAt", ".value"]));
    expect(ruleset.indexesAt(["live"])).toEqual(new Set(["at"]));
    expect(ruleset.indexesAt(["elsewhere"])).toEqual(new Set());
    expect(() => rules({ x: { ".indexOn": 5 } })).toThrow(/\(\/x\/\.indexOn\): an index is a child path or "\.value"/);
    expect(() => rules({ x: { ".indexOn": ["ok", "bad.key"] } })).toThrow(/an index is a child path/);
  });

  it("refuses syntax Firebase does not accept", () => {
    for (const rule of ["auth.uid ==", "(2**2) == 4", "var foo = 8", "root = 5", "true; false", "auth.uid == 'x"]) {
      expect(() => rules({ ".read": rule }), rule).toThrow(RulesError);
    }
  });

  it("refuses a method called through brackets, which Firebase accepts (a documented difference)", () => {
    expect(() => rules({ ".read": "root['exists']() == false" })).toThrow(RulesError);
  });

  it("accepts what Firebase accepts, leaving unknowable types to when the rule runs", () => {
    const accepted = [
      "auth.token.email.contains('@') && auth.token.email_verified == true",
      "auth.foo[$bar] == true",
      "root.child('x').val().contains('ba')",
      "root.child('x').val().length < 100",
      "auth.someInt + 1 == 2 && (auth.s + 1) == 'one1'",
      "newData.val() <= now || newData.child('a').getPriority() == null",
      "-auth.n < 0",
      "auth.flag === true ? root.child('x').exists() : true",
    ];
    for (const rule of accepted) expect(() => rules({ $bar: { ".write": rule } }), rule).not.toThrow();
  });
});

describe("regular expressions", () => {
  function matches(regex: string, text: string): boolean {
    return canRead(rules({ ".read": `data.child('s').val().matches(${regex})` }), { s: text }, "");
  }

  it("accepts only the i flag", () => {
    expect(matches("/^ana$/i", "ANA")).toBe(true);
    for (const flags of ["g", "m", "s", "u", "y", "gi"]) {
      expect(() => matches(`/ana/${flags}`, "ana"), flags).toThrow(/only the i \(ignore case\) flag/);
    }
  });

  it("accepts Firebase's documented subset", () => {
    const email = "/^[A-Z0-9._%+-]+@[A-Z0-9.-]+\\.[A-Z]{2,4}$/i";
    expect(matches(email, "ana@example.com")).toBe(true);
    expect(matches(email, "not an email")).toBe(false);
    const date = "/^(19|20)[0-9][0-9][-\\/. ](0[1-9]|1[012])[-\\/. ](0[1-9]|[12][0-9]|3[01])$/";
    expect(matches(date, "2026-11-21")).toBe(true);
    expect(matches("/\\d+\\s\\w*\\S\\W\\D/", "12 ab- x")).toBe(true);
    expect(matches("/\\{foo}/", "{foo}")).toBe(true);
    expect(matches("/(ab)*c|d?/", "ababc")).toBe(true);
    expect(matches("/[^0-9]{3,}/", "abc")).toBe(true);
  });

  it("refuses what the subset leaves out, saying what and how to fix it", () => {
    const refused: [string, RegExp][] = [
      ["/(^foo$|bar)/", /\^ anchors only as the first character/],
      ["/a$b/", /\$ anchors only as the last character/],
      ["/^(foo|)$/", /empty pattern/],
      ["/(?:a)/", /lookahead and lookbehind/],
      ["/a(?=b)/", /lookahead and lookbehind/],
      ["/(a)\\1/", /\\1 is not in Firebase's subset/],
      ["/\\bword/", /\\b is not in Firebase's subset/],
      ["/*a/", /nothing to repeat/],
      ["/a**/", /cannot be repeated/],
      ["/a{x}/", /escape it as \\\{/],
      ["/[z-a]/", /Range out of order/],
      ["/(ab/", /unterminated group/],
    ];
    for (const [regex, message] of refused) expect(() => matches(regex, "x"), regex).toThrow(message);
  });

  it("answers the same every time a rule runs: no regex keeps state", () => {
    // g and y are the flags that make a RegExp remember where its last match ended.
    expect(() => rules({ ".read": "auth.uid.matches(/li/g)" })).toThrow(RulesError);
    expect(() => rules({ ".read": "auth.uid.matches(/li/y)" })).toThrow(RulesError);
    const ruleset = rules({ ".read": "auth.uid.matches(/li/i)" });
    const answers = Array.from({ length: 4 }, () => canRead(ruleset, null, ""));
    expect(answers).toEqual([true, true, true, true]);
  });
});
