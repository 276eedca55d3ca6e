// Every Realtime Database query in the project's own code (scripts/*/src and server/src) orders by a child that
// database.rules.json indexes at that location. Production answers an unindexed query by sending the whole location
// to the client (the SDK warns) and REST refuses it, so a query without its index fails here, before it ships.
// The query sites are found by reading the TypeScript (both `ref(p).orderByChild(c)` and `query(ref(db, p),
// orderByChild(c))`), with the type checker resolving paths and children built from string constants.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { Ruleset } from "./rules/ruleset";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

interface QuerySite {
  /** file:line of the orderBy call. */
  where: string;
  /** The queried location, or null when it is not built from string constants. */
  location: string[] | null;
  /** The `.indexOn` entry the query needs ("createdAt", ".value"), or null when the child is not a constant. */
  index: string | null;
}

/** Methods that narrow a query without changing its location. */
const QUERY_METHODS = new Set([
  "limitToFirst",
  "limitToLast",
  "startAt",
  "startAfter",
  "endAt",
  "endBefore",
  "equalTo",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function findQuerySites(files: string[]): QuerySite[] {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
  });
  const checker = program.getTypeChecker();

  const constant = (expr: ts.Expression | undefined): string | null => {
    if (!expr) return null;
    const type = checker.getTypeAtLocation(expr);
    return type.isStringLiteral() ? type.value : null;
  };
  const segments = (expr: ts.Expression | undefined): string[] | null =>
    constant(expr)
      ?.split("/")
      .filter((segment) => segment !== "") ?? null;
  const join = (base: string[] | null, rest: string[] | null) => (base && rest ? [...base, ...rest] : null);

  /** The location a reference or query expression points at. */
  const locationOf = (expr: ts.Expression): string[] | null => {
    if (ts.isIdentifier(expr)) {
      const declaration = checker.getSymbolAtLocation(expr)?.valueDeclaration;
      return declaration && ts.isVariableDeclaration(declaration) && declaration.initializer
        ? locationOf(declaration.initializer)
        : null;
    }
    if (!ts.isCallExpression(expr)) return null;
    const callee = expr.expression;
    if (ts.isPropertyAccessExpression(callee)) {
      const method = callee.name.text;
      if (method === "ref") return expr.arguments.length === 0 ? [] : segments(expr.arguments[0]);
      if (method === "child") return join(locationOf(callee.expression), segments(expr.arguments[0]));
      if (QUERY_METHODS.has(method)) return locationOf(callee.expression);
      return null;
    }
    if (ts.isIdentifier(callee) && callee.text === "ref") {
      return expr.arguments.length < 2 ? [] : segments(expr.arguments[1]);
    }
    if (ts.isIdentifier(callee) && callee.text === "child" && expr.arguments[0]) {
      return join(locationOf(expr.arguments[0]), segments(expr.arguments[1]));
    }
    return null;
  };

  const sites: QuerySite[] = [];
  const visit = (node: ts.Node, file: ts.SourceFile): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const method = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : "";
      if (method === "orderByChild" || method === "orderByValue") {
        // `ref(p).orderByChild(c)`, or modular `query(ref(db, p), orderByChild(c))`.
        const parent = node.parent;
        const base = ts.isPropertyAccessExpression(callee)
          ? callee.expression
          : ts.isCallExpression(parent) && parent.arguments[0] !== node
            ? parent.arguments[0]
            : undefined;
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
        sites.push({
          where: `${path.relative(REPO_ROOT, file.fileName)}:${line}`,
          location: base ? locationOf(base) : null,
          index: method === "orderByValue" ? ".value" : constant(node.arguments[0]),
        });
      }
    }
    ts.forEachChild(node, (child) => visit(child, file));
  };
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (source) visit(source, source);
  }
  return sites;
}

/** What is wrong with each site, and how to fix it. */
function unindexed(sites: QuerySite[], rules: Ruleset): string[] {
  return sites.flatMap(({ where, location, index }) => {
    if (!location || !index) {
      return [`${where}: cannot tell which location or child this query uses; build them from string constants`];
    }
    if (rules.indexesAt(location).has(index)) return [];
    return [`${where}: orders /${location.join("/")} by ${index}; add ".indexOn": ["${index}"] there`];
  });
}

describe("the project's Realtime Database queries", () => {
  it("each order by a child that database.rules.json indexes at that location", () => {
    const files = [
      ...readdirSync(path.join(REPO_ROOT, "scripts"), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== "rtdb-standin" && entry.name !== "node_modules")
        .flatMap((entry) => sourceFiles(path.join(REPO_ROOT, "scripts", entry.name, "src"))),
      ...sourceFiles(path.join(REPO_ROOT, "server/src")),
    ];
    const sites = findQuerySites(files);
    // The guestbook listing is one: finding none would mean the scan itself is broken.
    expect(sites.map((site) => site.where)).toContainEqual(expect.stringMatching(/guestbook\.ts/));
    const rules = Ruleset.parse(readFileSync(path.join(REPO_ROOT, "database.rules.json"), "utf8"));
    expect(unindexed(sites, rules)).toEqual([]);
  });

  it("are found in both SDK styles, and a missing index or a computed path is reported", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "query-sites-"));
    try {
      const file = path.join(dir, "queries.ts");
      writeFileSync(
        file,
        [
          "declare const db: any;",
          "declare function query(...args: unknown[]): unknown;",
          "declare function ref(...args: unknown[]): unknown;",
          "declare function orderByChild(child: string): unknown;",
          'const GUESTBOOK = "guestbook";',
          'export const newest = db.ref(GUESTBOOK).orderByChild("createdAt").limitToLast(5);',
          'const posts = db.ref("users").child("u1/posts");',
          "export const byValue = posts.orderByValue();",
          'export const modular = query(ref(db, "live/events"), orderByChild("at"));',
          'export const computed = db.ref("guestbook/" + Date.now()).orderByChild("x");',
        ].join("\n"),
      );
      const sites = findQuerySites([file]);
      expect(sites.map(({ location, index }) => ({ location, index }))).toEqual([
        { location: ["guestbook"], index: "createdAt" },
        { location: ["users", "u1", "posts"], index: ".value" },
        { location: ["live", "events"], index: "at" },
        { location: null, index: "x" },
      ]);
      const rules = Ruleset.parse(JSON.stringify({ rules: { guestbook: { ".indexOn": ["createdAt"] } } }));
      expect(unindexed(sites, rules)).toEqual([
        expect.stringMatching(/queries\.ts:8: orders \/users\/u1\/posts by \.value; add ".indexOn": \[".value"\]/),
        expect.stringMatching(/queries\.ts:9: orders \/live\/events by at/),
        expect.stringMatching(/queries\.ts:10: cannot tell which location/),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
