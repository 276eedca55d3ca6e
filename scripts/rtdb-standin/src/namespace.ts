// One database namespace (`?ns=`): its tree, rules and live listeners. Every read and write from WebSocket
// and REST clients goes through here, so rules, validation, ServerValues and listener updates apply identically.
import type { Identity } from "./auth";
import { type Clock, systemClock } from "./clock";
import { indexName, loadsAllData, type QuerySpec, queryResult } from "./query";
import type { Ruleset } from "./rules/ruleset";
import { resolveServerValues } from "./server-values";
import { fromJson, getAt, hashNode, type MaybeNode, setAt, toJson } from "./tree";
import { parsePath, validateData, validateMerge } from "./validate";

/** A client's listen. `tag` is set for queries the SDK tags (ranges/limits); those get their window re-sent. */
export interface Listener {
  readonly path: string[];
  readonly query: QuerySpec | null;
  readonly tag: number | undefined;
  identity(): Identity;
  /** Delivers a server push (`d` or `m`) to the client. */
  push(action: "d" | "m", body: Record<string, unknown>): void;
  /** The client lost read access: tell it (`c`) and forget the listen. */
  revoke(): void;
  /** Last window sent for a tagged query, to skip re-sending an unchanged window. */
  lastWindow?: string;
}

export type WriteRequest =
  | { kind: "set"; path: unknown; data: unknown; hash?: unknown }
  | { kind: "merge"; path: unknown; data: unknown };

export type WriteStatus = "ok" | "permission_denied" | "datastale";

function isPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => segment === path[i]);
}

export class Namespace {
  root: MaybeNode = null;
  private readonly listeners = new Set<Listener>();

  constructor(
    readonly name: string,
    public rules: Ruleset,
    private readonly clock: Clock = systemClock,
  ) {}

  canRead(identity: Identity, path: readonly string[], now = this.clock.now()): boolean {
    return identity.admin || this.rules.canRead(path, identity.auth, this.root, now);
  }

  /** The `.indexOn` entry a query at `path` needs and the rules do not declare, or null. */
  missingIndex(path: readonly string[], query: QuerySpec | null): string | null {
    const index = query && indexName(query.index);
    return index && !this.rules.indexesAt(path).has(index) ? index : null;
  }

  /** The data a listen or get returns: the node, or the query's window. */
  read(path: readonly string[], query: QuerySpec | null): MaybeNode {
    const node = getAt(this.root, path);
    return query && !loadsAllData(query) ? queryResult(node, query) : node;
  }

  /** `read` in the export format sent over the wire (priorities kept). */
  snapshot(path: readonly string[], query: QuerySpec | null): unknown {
    return toJson(this.read(path, query), true);
  }

  /** Registers a listen and sends its initial data; returns false (nothing registered) when it may not read. */
  listen(listener: Listener): boolean {
    if (!this.canRead(listener.identity(), listener.path)) return false;
    this.listeners.add(listener);
    this.sendFull(listener);
    return true;
  }

  unlisten(listener: Listener): void {
    this.listeners.delete(listener);
  }

  /** Re-checks read access of listens (after an auth or rules change) and revokes the ones that lost it. */
  recheckListeners(filter: (listener: Listener) => boolean = () => true): void {
    const now = this.clock.now();
    for (const listener of [...this.listeners]) {
      if (filter(listener) && !this.canRead(listener.identity(), listener.path, now)) {
        this.listeners.delete(listener);
        listener.revoke();
      }
    }
  }

  /**
   * Applies a set or update after validating it, resolving ServerValues, comparing the transaction hash and
   * checking rules. Listeners are updated before this returns, so a writer sees its data push before its ack.
   * With `dryRun` only the checks run (onDisconnect registration).
   */
  write(identity: Identity, request: WriteRequest, dryRun = false): WriteStatus {
    const path = parsePath(request.path, true);
    const now = this.clock.now();
    const changes: [string[], MaybeNode][] = [];
    if (request.kind === "set") {
      validateData(request.data, path.length);
      const existing = getAt(this.root, path);
      if (request.hash !== undefined && request.hash !== hashNode(existing)) return "datastale";
      changes.push([path, fromJson(resolveServerValues(request.data, existing, now))]);
    } else {
      for (const [relative, value] of validateMerge(request.data, path.length)) {
        const target = [...path, ...relative];
        changes.push([target, fromJson(resolveServerValues(value, getAt(this.root, target), now))]);
      }
    }
    if (!identity.admin) {
      let newRoot = this.root;
      for (const [target, node] of changes) newRoot = setAt(newRoot, target, node, true);
      const allowed = this.rules.canWrite({
        auth: identity.auth,
        now,
        oldRoot: this.root,
        newRoot,
        changedPaths: changes.map(([target]) => target),
      });
      if (!allowed) return "permission_denied";
      if (!dryRun) this.root = newRoot;
    } else if (!dryRun) {
      for (const [target, node] of changes) this.root = setAt(this.root, target, node, false);
    }
    if (!dryRun) this.notify(changes.map(([target]) => stripPriority(target)));
    return "ok";
  }

  private sendFull(listener: Listener): void {
    const data = this.snapshot(listener.path, listener.query);
    if (listener.tag !== undefined) listener.lastWindow = JSON.stringify(data);
    listener.push("d", { p: listener.path.join("/"), d: data, ...(listener.tag !== undefined && { t: listener.tag }) });
  }

  /** Sends each affected listener what changed, the way the real server scopes its pushes. */
  private notify(changed: string[][]): void {
    const now = this.clock.now();
    for (const listener of [...this.listeners]) {
      const related = changed.filter((path) => isPrefix(path, listener.path) || isPrefix(listener.path, path));
      if (related.length === 0) continue;
      if (!this.canRead(listener.identity(), listener.path, now)) {
        this.listeners.delete(listener);
        listener.revoke();
        continue;
      }
      if (listener.tag !== undefined) {
        const data = this.snapshot(listener.path, listener.query);
        const text = JSON.stringify(data);
        if (text === listener.lastWindow) continue;
        listener.lastWindow = text;
        listener.push("d", { p: listener.path.join("/"), d: data, t: listener.tag });
      } else if (related.some((path) => isPrefix(path, listener.path)) || related.length > 1) {
        this.sendChanges(listener, related);
      } else {
        const [only] = related as [string[]];
        listener.push("d", { p: only.join("/"), d: toJson(getAt(this.root, only), true) });
      }
    }
  }

  /** Several changes below a listen go out as one merge so the client raises one value event, not several. */
  private sendChanges(listener: Listener, related: string[][]): void {
    if (related.some((path) => isPrefix(path, listener.path))) {
      this.sendFull(listener);
      return;
    }
    const children: Record<string, unknown> = {};
    for (const path of related) {
      children[path.slice(listener.path.length).join("/")] = toJson(getAt(this.root, path), true);
    }
    listener.push("m", { p: listener.path.join("/"), d: children });
  }
}

/** A priority change is a change of the node that owns it. */
function stripPriority(path: string[]): string[] {
  return path[path.length - 1] === ".priority" ? path.slice(0, -1) : path;
}
