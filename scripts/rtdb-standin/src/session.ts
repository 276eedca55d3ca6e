// One WebSocket client: handshake, request dispatch (listen, put, merge, get, onDisconnect, auth, stats),
// its listens and its queued onDisconnect operations. A malformed message closes this connection only.
import { randomUUID } from "node:crypto";
import type { WebSocket } from "ws";
import { ANONYMOUS, ExpiredTokenError, type Identity, InvalidTokenError, identityFromCredential } from "./auth";
import type { Clock } from "./clock";
import type { Listener, Namespace, WriteRequest } from "./namespace";
import {
  encodeFrames,
  FrameAssembler,
  handshake,
  PONG,
  ProtocolError,
  parseClientMessage,
  push,
  type Request,
  response,
} from "./protocol";
import { parseQuery, type QuerySpec } from "./query";
import { InvalidDataError, parsePath } from "./validate";

/** Status sent for data the server refuses to store; the SDK rejects the write with its upper-cased form. */
const INVALID_DATA = "invalid_data";
const EXPIRED_TOKEN = "expired_token";
/** setTimeout's longest delay; a token expiring later is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface DisconnectOp {
  path: string[];
  request: WriteRequest;
  /** Who registered it: the operation runs with this auth when the connection closes. */
  identity: Identity;
}

export interface SessionOptions {
  projectId?: string;
  log: (line: string) => void;
  clock: Clock;
}

export class Session {
  private identity: Identity = ANONYMOUS;
  private readonly frames = new FrameAssembler();
  private readonly listens = new Map<string, Listener>();
  private onDisconnectOps: DisconnectOp[] = [];
  private closed = false;
  private expiryTimer: unknown;

  constructor(
    private readonly socket: WebSocket,
    private readonly namespace: Namespace,
    host: string,
    private readonly options: SessionOptions,
  ) {
    this.send(handshake(host, randomUUID()));
    socket.on("message", (data, isBinary) => this.onFrame(isBinary ? "" : data.toString()));
    socket.on("close", () => this.onClose());
    socket.on("error", (error) => options.log(`[${namespace.name}] socket error: ${error.message}`));
  }

  private send(message: unknown): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    for (const frame of encodeFrames(message)) this.socket.send(frame);
  }

  private onFrame(frame: string): void {
    try {
      const text = this.frames.push(frame);
      if (text === null) return;
      const message = parseClientMessage(text);
      if (message.kind === "control") {
        if (message.type === "p") this.send(PONG);
        return;
      }
      this.handle(message.request);
    } catch (error) {
      // Whatever goes wrong with one client's message ends that connection, never the server.
      const protocolError = error instanceof ProtocolError;
      const detail = protocolError ? error.message : ((error as Error).stack ?? String(error));
      this.options.log(`[${this.namespace.name}] closing connection: ${detail}`);
      // A close reason is limited to 123 bytes.
      this.socket.close(protocolError ? 1002 : 1011, protocolError ? error.message.slice(0, 100) : "internal error");
    }
  }

  private handle(request: Request): void {
    const reply = (status: string, data: unknown = status === "ok" ? {} : status) => {
      this.send(response(request.r, status, data));
    };
    try {
      this.dispatch(request, reply);
    } catch (error) {
      if (error instanceof InvalidDataError) reply(INVALID_DATA, error.message);
      else if (error instanceof ExpiredTokenError) {
        this.options.log(`[${this.namespace.name}] refused a credential: ${error.message}`);
        reply(EXPIRED_TOKEN, error.message);
      } else if (error instanceof InvalidTokenError) reply("invalid_token", error.message);
      else throw error;
    }
  }

  private dispatch(request: Request, reply: (status: string, data?: unknown) => void): void {
    const body = request.b;
    switch (request.a) {
      case "q":
        this.listen(body, reply);
        return;
      case "n": {
        const key = listenKey(parsePath(body.p), body.t);
        const listener = this.listens.get(key);
        if (listener) this.namespace.unlisten(listener);
        this.listens.delete(key);
        return;
      }
      case "p":
      case "m": {
        const write: WriteRequest =
          request.a === "p"
            ? { kind: "set", path: body.p, data: body.d, ...(body.h !== undefined && { hash: body.h }) }
            : { kind: "merge", path: body.p, data: body.d };
        reply(this.namespace.write(this.identity, write));
        return;
      }
      case "g": {
        const path = parsePath(body.p);
        const query = parseQuery(body.q);
        if (!this.namespace.canRead(this.identity, path)) {
          reply("permission_denied", "Permission denied");
          return;
        }
        this.unindexed(path, query);
        reply("ok", this.namespace.snapshot(path, query));
        return;
      }
      case "o":
      case "om":
        this.queueOnDisconnect(request.a, body, reply);
        return;
      case "oc": {
        const path = parsePath(body.p, true);
        this.onDisconnectOps = this.onDisconnectOps.filter((op) => !path.every((key, i) => op.path[i] === key));
        reply("ok");
        return;
      }
      case "auth":
      case "gauth":
        if (typeof body.cred !== "string") throw new InvalidTokenError("missing credential");
        this.setIdentity(identityFromCredential(body.cred, this.options.projectId, body, this.options.clock.now()));
        reply("ok", { auth: this.identity.admin ? null : this.identity.auth });
        return;
      case "unauth":
        this.setIdentity(ANONYMOUS);
        reply("ok");
        return;
      case "s":
      case "appcheck":
      case "unappeck":
        reply("ok");
        return;
      default:
        reply("invalid_request", `unknown action ${request.a}`);
    }
  }

  private listen(body: Record<string, unknown>, reply: (status: string, data?: unknown) => void): void {
    const path = parsePath(body.p);
    if (body.t !== undefined && typeof body.t !== "number") throw new InvalidDataError("listen tag must be a number");
    const tag = body.t as number | undefined;
    const key = listenKey(path, tag);
    const previous = this.listens.get(key);
    if (previous) this.namespace.unlisten(previous);
    const listener: Listener = {
      path,
      query: tag === undefined ? null : parseQuery(body.q),
      tag,
      identity: () => this.identity,
      push: (action, pushBody) => this.send(push(action, pushBody)),
      revoke: () => {
        this.listens.delete(key);
        // The SDK identifies the revoked listen by `q` as a list of query objects (onListenRevoked_).
        this.send(push("c", { p: path.join("/"), ...(tag !== undefined && { q: [body.q] }) }));
      },
    };
    if (this.namespace.listen(listener)) {
      this.listens.set(key, listener);
      // The SDK prints its "Using an unspecified index" warning when the answer carries this.
      reply("ok", this.unindexed(path, listener.query) ? { w: ["no_index"] } : {});
    } else {
      this.listens.delete(key);
      reply("permission_denied", "Permission denied");
    }
  }

  /** Firebase answers a query on an index the rules do not declare (the SDK warns); the log says which. */
  private unindexed(path: string[], query: QuerySpec | null): boolean {
    const missing = this.namespace.missingIndex(path, query);
    if (missing) {
      this.options.log(
        `[${this.namespace.name}] query at /${path.join("/")} orders by ${missing}: add ".indexOn": "${missing}" there in the rules`,
      );
    }
    return missing !== null;
  }

  /** onDisconnect writes are checked now (rules, validation) and again when the connection goes away. */
  private queueOnDisconnect(action: "o" | "om", body: Record<string, unknown>, reply: (status: string) => void): void {
    const path = parsePath(body.p, true);
    const request: WriteRequest =
      action === "o" ? { kind: "set", path: body.p, data: body.d } : { kind: "merge", path: body.p, data: body.d };
    const status = this.namespace.write(this.identity, request, true);
    if (status === "ok") this.onDisconnectOps.push({ path, request, identity: this.identity });
    reply(status);
  }

  private setIdentity(identity: Identity): void {
    this.identity = identity;
    const mine = new Set(this.listens.values());
    this.namespace.recheckListeners((listener) => mine.has(listener));
    this.options.clock.clearTimeout(this.expiryTimer);
    if (!identity.admin && identity.expiresAt !== undefined) this.expireAt(identity, identity.expiresAt);
  }

  /**
   * When the ID token expires the connection is signed out, as production does it: listens it may no longer read
   * are revoked (`c`), then `ac` tells the SDK its token expired (it reconnects with a fresh one).
   */
  private expireAt(identity: Identity, expiresAt: number): void {
    this.expiryTimer = this.options.clock.setTimeout(
      () => {
        if (this.identity !== identity) return;
        if (this.options.clock.now() < expiresAt) {
          this.expireAt(identity, expiresAt);
          return;
        }
        this.setIdentity(ANONYMOUS);
        this.send(push("ac", { s: EXPIRED_TOKEN, d: "Auth token is expired." }));
      },
      Math.min(Math.max(expiresAt - this.options.clock.now(), 0), MAX_TIMER_MS),
    );
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.options.clock.clearTimeout(this.expiryTimer);
    for (const listener of this.listens.values()) this.namespace.unlisten(listener);
    this.listens.clear();
    // Run in order, each checked against the rules and .validate as it runs (the data and rules may have changed
    // since it was registered), with the auth it was registered under: Firebase checks security a second time here.
    for (const op of this.onDisconnectOps) {
      try {
        const status = this.namespace.write(op.identity, op.request);
        if (status !== "ok") {
          this.options.log(
            `[${this.namespace.name}] onDisconnect ${op.request.kind} at /${op.path.join("/")}: ${status}`,
          );
        }
      } catch (error) {
        this.options.log(`[${this.namespace.name}] onDisconnect write failed: ${(error as Error).message}`);
      }
    }
    this.onDisconnectOps = [];
  }

  /** Drops the connection without running onDisconnect operations (server shutdown). */
  terminate(): void {
    this.closed = true;
    this.options.clock.clearTimeout(this.expiryTimer);
    this.socket.terminate();
  }
}

function listenKey(path: string[], tag: unknown): string {
  return `${path.join("/")}|${tag ?? "default"}`;
}
