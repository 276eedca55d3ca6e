// The in-memory data tree of one namespace: nodes, JSON conversion, path reads/writes, ordering and
// the hash the Firebase SDK computes (transactions compare it byte for byte).
import { createHash } from "node:crypto";

export type Priority = string | number | null;
export type LeafValue = string | number | boolean;

export interface LeafNode {
  readonly leaf: LeafValue;
  readonly priority: Priority;
}

export interface BranchNode {
  readonly children: Map<string, DbNode>;
  priority: Priority;
}

export type DbNode = LeafNode | BranchNode;
/** `null` stands for "no data", as in Firebase. */
export type MaybeNode = DbNode | null;

export function isLeaf(node: DbNode): node is LeafNode {
  return "leaf" in node;
}

/** Builds a node from JSON in import/export format (`.value` / `.priority` honoured). Data must be validated. */
export function fromJson(json: unknown): MaybeNode {
  if (json === null || json === undefined) return null;
  if (typeof json !== "object") return { leaf: json as LeafValue, priority: null };
  const obj = json as Record<string, unknown>;
  const priority = (obj[".priority"] as Priority | undefined) ?? null;
  if (".value" in obj && obj[".value"] !== null) {
    return { leaf: obj[".value"] as LeafValue, priority };
  }
  const children = new Map<string, DbNode>();
  for (const [key, value] of Object.entries(obj)) {
    if (key.startsWith(".")) continue;
    const child = fromJson(value);
    if (child) children.set(key, child);
  }
  return children.size === 0 ? null : { children, priority };
}

/** Plain JSON; with `exportFormat`, priorities are kept as `.priority` / `.value` like the SDK's `val(true)`. */
export function toJson(node: MaybeNode, exportFormat: boolean): unknown {
  if (!node) return null;
  if (isLeaf(node)) {
    return exportFormat && node.priority !== null ? { ".value": node.leaf, ".priority": node.priority } : node.leaf;
  }
  const out: Record<string, unknown> = {};
  for (const [key, child] of node.children) out[key] = toJson(child, exportFormat);
  if (exportFormat && node.priority !== null) out[".priority"] = node.priority;
  return out;
}

/** Like the SDK's `val()`: objects whose keys are mostly dense integers come back as arrays (REST does this too). */
export function toPlainJson(node: MaybeNode): unknown {
  if (!node) return null;
  if (isLeaf(node)) return node.leaf;
  const entries = [...node.children].map(([key, child]) => [key, toPlainJson(child)] as const);
  let maxKey = 0;
  const allIntegers = entries.every(([key]) => {
    if (!/^(0|[1-9]\d*)$/.test(key)) return false;
    maxKey = Math.max(maxKey, Number(key));
    return true;
  });
  if (allIntegers && maxKey < 2 * entries.length) {
    const array: unknown[] = [];
    for (const [key, value] of entries) array[Number(key)] = value;
    return array;
  }
  return Object.fromEntries(entries);
}

export function getAt(root: MaybeNode, path: readonly string[]): MaybeNode {
  let node = root;
  for (const key of path) {
    if (!node) return null;
    if (isLeaf(node))
      return key === ".priority" && node.priority !== null ? { leaf: node.priority, priority: null } : null;
    if (key === ".priority") return node.priority !== null ? { leaf: node.priority, priority: null } : null;
    node = node.children.get(key) ?? null;
  }
  return node;
}

/**
 * Returns the root with `value` placed at `path`. With `copy`, nodes on the path are copied so the old root
 * stays intact (used to build `newData` for rules); without it the tree is updated in place (admin fast path).
 * A trailing `.priority` segment sets the priority of the node above it, as the SDK's setPriority does.
 */
export function setAt(root: MaybeNode, path: readonly string[], value: MaybeNode, copy: boolean): MaybeNode {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  if (key === ".priority" && rest.length === 0) {
    if (!root) return null;
    const priority = value && isLeaf(value) && typeof value.leaf !== "boolean" ? value.leaf : null;
    return isLeaf(root) ? { leaf: root.leaf, priority } : { children: root.children, priority };
  }
  const branch: BranchNode =
    root && !isLeaf(root)
      ? copy
        ? { children: new Map(root.children), priority: root.priority }
        : root
      : { children: new Map(), priority: null };
  const child = setAt(branch.children.get(key) ?? null, rest, value, copy);
  if (child) branch.children.set(key, child);
  else branch.children.delete(key);
  return branch.children.size === 0 ? null : branch;
}

// ---- ordering (mirrors the SDK's nameCompare and LeafNode/ChildrenNode.compareTo) ----

export const MIN_NAME = "[MIN_NAME]";
export const MAX_NAME = "[MAX_NAME]";
const INTEGER_KEY = /^-?(0*)\d{1,10}$/;

function keyAsInt(key: string): number | null {
  if (!INTEGER_KEY.test(key)) return null;
  const value = Number(key);
  return value >= -2147483648 && value <= 2147483647 ? value : null;
}

export function nameCompare(a: string, b: string): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  const aInt = keyAsInt(a);
  const bInt = keyAsInt(b);
  if (aInt !== null) {
    if (bInt === null) return -1;
    return aInt - bInt === 0 ? a.length - b.length : aInt - bInt;
  }
  if (bInt !== null) return 1;
  return a < b ? -1 : 1;
}

/** A value being ordered: no data, a node, or the sentinel above everything (`MAX_NODE` in the SDK). */
export type Ordered = MaybeNode | "max";
const LEAF_TYPE_ORDER = ["boolean", "number", "string"];

export function compareOrdered(a: Ordered, b: Ordered): number {
  const rank = (v: Ordered): number => (v === null ? 0 : v === "max" ? 3 : isLeaf(v) ? 1 : 2);
  const diff = rank(a) - rank(b);
  if (diff !== 0 || rank(a) !== 1) return diff;
  const x = (a as LeafNode).leaf;
  const y = (b as LeafNode).leaf;
  const typeDiff = LEAF_TYPE_ORDER.indexOf(typeof x) - LEAF_TYPE_ORDER.indexOf(typeof y);
  if (typeDiff !== 0) return typeDiff;
  return x < y ? -1 : x === y ? 0 : 1;
}

export function priorityNode(priority: Priority): MaybeNode {
  return priority === null ? null : { leaf: priority, priority: null };
}

/** Children in the SDK's priority-index order (priority, then key), the order its hash walks. */
export function childrenByPriority(node: BranchNode): [string, DbNode][] {
  return [...node.children].sort(
    ([ka, a], [kb, b]) => compareOrdered(priorityNode(a.priority), priorityNode(b.priority)) || nameCompare(ka, kb),
  );
}

// ---- hash (mirrors LeafNode.hash / ChildrenNode.hash in @firebase/database) ----

/**
 * Hex of a double exactly as the SDK's doubleToIEEE754String computes it. It is ported rather than read from a
 * Float64Array because its log-based exponent can differ from the true encoding for some values, and the
 * transaction hash has to match the SDK's, not IEEE-754.
 */
function doubleHex(input: number): string {
  const ebits = 11;
  const fbits = 52;
  const bias = (1 << (ebits - 1)) - 1;
  let v = input;
  let sign: number;
  let e: number;
  let f: number;
  if (v === 0) {
    e = 0;
    f = 0;
    sign = 1 / v === Number.NEGATIVE_INFINITY ? 1 : 0;
  } else {
    sign = v < 0 ? 1 : 0;
    v = Math.abs(v);
    if (v >= 2 ** (1 - bias)) {
      const ln = Math.min(Math.floor(Math.log(v) / Math.LN2), bias);
      e = ln + bias;
      f = Math.round(v * 2 ** (fbits - ln) - 2 ** fbits);
    } else {
      e = 0;
      f = Math.round(v / 2 ** (1 - bias - fbits));
    }
  }
  const bits: number[] = [];
  for (let i = fbits; i; i -= 1) {
    bits.push(f % 2 ? 1 : 0);
    f = Math.floor(f / 2);
  }
  for (let i = ebits; i; i -= 1) {
    bits.push(e % 2 ? 1 : 0);
    e = Math.floor(e / 2);
  }
  bits.push(sign);
  bits.reverse();
  const str = bits.join("");
  let hex = "";
  for (let i = 0; i < 64; i += 8)
    hex += Number.parseInt(str.slice(i, i + 8), 2)
      .toString(16)
      .padStart(2, "0");
  return hex;
}

function sha1Base64(text: string): string {
  return createHash("sha1").update(text, "utf8").digest("base64");
}

function priorityHashText(priority: string | number): string {
  return typeof priority === "number" ? `number:${doubleHex(priority)}` : `string:${priority}`;
}

export function hashNode(node: MaybeNode): string {
  if (!node) return "";
  let text = node.priority !== null ? `priority:${priorityHashText(node.priority)}:` : "";
  if (isLeaf(node)) {
    const type = typeof node.leaf;
    text += `${type}:${type === "number" ? doubleHex(node.leaf as number) : String(node.leaf)}`;
    return sha1Base64(text);
  }
  for (const [key, child] of childrenByPriority(node)) text += `:${key}:${hashNode(child)}`;
  return text === "" ? "" : sha1Base64(text);
}
