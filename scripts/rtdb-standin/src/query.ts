// The query engine: turns the SDK's wire query object (i, sp/sn/sin, ep/en/ein, l, vf) into the window of
// children the real server would return, using the SDK's own index and range semantics.
import {
  type BranchNode,
  compareOrdered,
  type DbNode,
  fromJson,
  getAt,
  isLeaf,
  MAX_NAME,
  type MaybeNode,
  MIN_NAME,
  nameCompare,
  type Ordered,
  priorityNode,
} from "./tree";
import { InvalidDataError, parsePath, validateData } from "./validate";

export type QueryIndex = { kind: "priority" } | { kind: "key" } | { kind: "value" } | { kind: "child"; path: string[] };

interface Bound {
  value: unknown;
  name: string;
  inclusive: boolean;
}

export interface QuerySpec {
  index: QueryIndex;
  start: Bound | null;
  end: Bound | null;
  limit: number | null;
  fromLeft: boolean;
}

function parseIndex(raw: unknown): QueryIndex {
  if (raw === undefined || raw === ".priority") return { kind: "priority" };
  if (raw === ".key") return { kind: "key" };
  if (raw === ".value") return { kind: "value" };
  if (typeof raw === "string") {
    const path = parsePath(raw);
    if (path.length === 0) throw new InvalidDataError("query index path must not be empty");
    return { kind: "child", path };
  }
  throw new InvalidDataError("query index must be a string");
}

function parseBound(value: unknown, name: unknown, inclusive: unknown, fallbackName: string): Bound {
  if (value !== null && typeof value === "object") throw new InvalidDataError("query bounds must be primitives");
  validateData(value, 0);
  if (name !== undefined && typeof name !== "string") throw new InvalidDataError("query bound names must be strings");
  return { value, name: name ?? fallbackName, inclusive: inclusive !== false };
}

/** Parses the `q` object of a listen or get; `undefined` means "the whole location". */
export function parseQuery(raw: unknown): QuerySpec | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "object" || Array.isArray(raw)) throw new InvalidDataError("query must be an object");
  const q = raw as Record<string, unknown>;
  const limit = q.l;
  if (limit !== undefined && (typeof limit !== "number" || !Number.isInteger(limit) || limit <= 0)) {
    throw new InvalidDataError("query limit must be a positive integer");
  }
  const start = "sp" in q ? parseBound(q.sp, q.sn, q.sin, MIN_NAME) : null;
  const end = "ep" in q ? parseBound(q.ep, q.en, q.ein, MAX_NAME) : null;
  return {
    index: parseIndex(q.i),
    start,
    end,
    limit: limit ?? null,
    // Like QueryParams.isViewFromLeft: explicit vf wins; otherwise a start anchors the window on the left.
    fromLeft: q.vf === undefined ? start !== null : q.vf === "l",
  };
}

/** The `.indexOn` entry an index needs ("age", ".value"); ordering by key or priority needs none. */
export function indexName(index: QueryIndex): string | null {
  if (index.kind === "child") return index.path.join("/");
  return index.kind === "value" ? ".value" : null;
}

/** True when the query returns every child (no range, no limit): only ordering differs. */
export function loadsAllData(query: QuerySpec | null): boolean {
  return !query || (!query.start && !query.end && query.limit === null);
}

/** What an index orders by for one child. */
function indexedValue(index: QueryIndex, node: MaybeNode): Ordered {
  switch (index.kind) {
    case "priority":
      return node ? priorityNode(node.priority) : null;
    case "value":
      return node;
    case "child":
      return getAt(node, index.path);
    case "key":
      return null;
  }
}

interface Post {
  name: string;
  value: Ordered;
}

function comparePosts(index: QueryIndex, a: Post, b: Post): number {
  if (index.kind === "key") return nameCompare(a.name, b.name);
  return compareOrdered(a.value, b.value) || nameCompare(a.name, b.name);
}

function boundPost(index: QueryIndex, bound: Bound): Post {
  // orderByKey bounds carry the key itself as the value (KeyIndex.makePost).
  if (index.kind === "key") return { name: String(bound.value), value: null };
  return { name: bound.name, value: fromJson(bound.value) };
}

/** The children of `node` inside the query window, in index order. */
export function queryWindow(node: MaybeNode, query: QuerySpec): [string, DbNode][] {
  if (!node || isLeaf(node)) return [];
  const { index } = query;
  const startPost: Post = query.start ? boundPost(index, query.start) : { name: MIN_NAME, value: null };
  const endPost: Post = query.end ? boundPost(index, query.end) : { name: MAX_NAME, value: "max" };
  const startInclusive = query.start?.inclusive ?? true;
  const endInclusive = query.end?.inclusive ?? true;
  const posts = [...(node as BranchNode).children].map(([name, child]) => ({
    name,
    child,
    post: { name, value: indexedValue(index, child) },
  }));
  const inRange = posts.filter(({ post }) => {
    const fromStart = comparePosts(index, startPost, post);
    const toEnd = comparePosts(index, post, endPost);
    return (startInclusive ? fromStart <= 0 : fromStart < 0) && (endInclusive ? toEnd <= 0 : toEnd < 0);
  });
  inRange.sort((a, b) => comparePosts(index, a.post, b.post));
  const limited =
    query.limit === null
      ? inRange
      : query.fromLeft
        ? inRange.slice(0, query.limit)
        : inRange.slice(Math.max(0, inRange.length - query.limit));
  return limited.map(({ name, child }) => [name, child]);
}

/** The window as a node (what gets sent to the client); null when empty. */
export function queryResult(node: MaybeNode, query: QuerySpec): MaybeNode {
  const window = queryWindow(node, query);
  return window.length === 0 ? null : { children: new Map(window), priority: null };
}
