// Test helpers shared by the Realtime Database suites: pick the server under test (FIREBASE_DATABASE_EMULATOR_HOST
// or a stand-in started on a free port), open firebase-admin / browser SDK clients, raw sockets, and wait on events.
import { randomUUID } from "node:crypto";
import { deleteApp, initializeApp } from "firebase/app";
import {
  connectDatabaseEmulator,
  type Database,
  forceWebSockets,
  getDatabase,
  onValue,
  type Query,
} from "firebase/database";
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from "firebase-admin/app";
import { type Database as AdminDatabase, getDatabase as getAdminDatabase } from "firebase-admin/database";
import WebSocket from "ws";
import { startRtdbStandin } from "./server";

export const PROJECT_ID = "demo-boda";

// What any browser code connecting to the emulators must do: the stand-in has no long-polling transport.
forceWebSockets();

export interface Target {
  host: string;
  port: number;
  stop(): Promise<void>;
}

/** The server under test: the emulator named by FIREBASE_DATABASE_EMULATOR_HOST, or a fresh stand-in. */
export async function startTarget(): Promise<Target> {
  const configured = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  if (configured) {
    const separator = configured.lastIndexOf(":");
    return {
      host: configured.slice(0, separator),
      port: Number(configured.slice(separator + 1)),
      stop: async () => {},
    };
  }
  return startRtdbStandin({ host: "127.0.0.1", port: 0, projectId: PROJECT_ID });
}

export function freshNamespace(): string {
  return `ns-${randomUUID().slice(0, 8)}`;
}

export function baseUrl(target: Target): string {
  return `http://${target.host}:${target.port}`;
}

/** Tracks every client a suite opens so afterAll can close them all. */
export class Clients {
  private readonly cleanups: (() => Promise<void>)[] = [];

  constructor(
    private readonly target: Target,
    readonly namespace: string,
  ) {}

  /** firebase-admin pointed at the emulator: it authenticates with the emulator's admin credential. */
  admin(): AdminDatabase {
    const app = initializeAdminApp(
      { projectId: PROJECT_ID, databaseURL: `${baseUrl(this.target)}?ns=${this.namespace}` },
      `admin-${randomUUID()}`,
    );
    this.cleanups.push(() => deleteAdminApp(app));
    return getAdminDatabase(app);
  }

  /**
   * The browser SDK; with `user`, signed in through an unsigned ID token like the Auth emulator's, issued now
   * (the SDK would issue it at 0, an hour before it expired in 1970) unless `claims` says otherwise.
   */
  browser(user?: { uid: string; claims?: Record<string, unknown> }): Database {
    const app = initializeApp(
      { projectId: PROJECT_ID, apiKey: "fake-api-key", databaseURL: `${baseUrl(this.target)}?ns=${this.namespace}` },
      `browser-${randomUUID()}`,
    );
    this.cleanups.push(() => deleteApp(app));
    const db = getDatabase(app);
    connectDatabaseEmulator(db, this.target.host, this.target.port, {
      ...(user && { mockUserToken: { sub: user.uid, iat: Math.floor(Date.now() / 1000), ...user.claims } }),
    });
    return db;
  }

  /** A raw WebSocket speaking the wire protocol, for what the SDKs never send. */
  async raw(): Promise<RawClient> {
    const client = new RawClient(`ws://${this.target.host}:${this.target.port}/.ws?v=5&ns=${this.namespace}`);
    this.cleanups.push(async () => client.close());
    await client.opened;
    return client;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.cleanups.splice(0).map((cleanup) => cleanup()));
  }
}

export async function rest(
  target: Target,
  namespace: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; query?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; text: string; headers: Headers }> {
  const query = `ns=${namespace}${init.query ? `&${init.query}` : ""}`;
  const response = await fetch(`${baseUrl(target)}${path}?${query}`, {
    method: init.method ?? "GET",
    headers: { ...init.headers, ...(init.token && { Authorization: `Bearer ${init.token}` }) },
    ...(init.body !== undefined && { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, text, headers: response.headers };
}

export async function loadRules(target: Target, namespace: string, rules: unknown): Promise<void> {
  const response = await rest(target, namespace, "/.settings/rules.json", {
    method: "PUT",
    token: "owner",
    body: typeof rules === "string" ? rules : JSON.stringify(rules),
  });
  if (response.status !== 200) throw new Error(`loading rules failed: ${JSON.stringify(response.body)}`);
}

/** Resolves with the first value of `query` that satisfies `predicate` (browser SDK). */
export function valueWhere<T = unknown>(query: Query, predicate: (value: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    // The first event can fire synchronously inside onValue (cached data), before unsubscribe exists.
    let matched = false;
    const unsubscribe = onValue(
      query,
      (snapshot) => {
        const value = snapshot.val() as T;
        if (!matched && predicate(value)) {
          matched = true;
          resolve(value);
          queueMicrotask(() => unsubscribe());
        }
      },
      reject,
    );
  });
}

/** Resolves with the error that cancels a listener on `query` (e.g. permission_denied). */
export function listenError(query: Query): Promise<Error> {
  return new Promise((resolve) => {
    onValue(
      query,
      () => {},
      (error) => resolve(error),
    );
  });
}

type Frame = Record<string, unknown>;

/** A bare protocol client: sends frames, collects what the server sends, notices when it closes. */
export class RawClient {
  private readonly socket: WebSocket;
  private readonly received: Frame[] = [];
  private waiters: { predicate: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  private nextRequest = 1;
  readonly opened: Promise<void>;
  readonly closed: Promise<number>;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.socket.once("open", () => resolve());
      this.socket.once("error", reject);
    });
    this.closed = new Promise((resolve) => this.socket.once("close", (code) => resolve(code)));
    this.socket.on("message", (data) => {
      const text = data.toString();
      if (/^\d+$/.test(text)) return;
      const frame = JSON.parse(text) as Frame;
      this.received.push(frame);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.predicate(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
  }

  next(predicate: (frame: Frame) => boolean): Promise<Frame> {
    const seen = this.received.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ predicate, resolve }));
  }

  /** Whether a frame like this has already arrived. */
  seen(predicate: (frame: Frame) => boolean): boolean {
    return this.received.some(predicate);
  }

  sendText(text: string): void {
    this.socket.send(text);
  }

  /** Sends a data request and resolves with the response body `{s, d}`. */
  async request(action: string, body: Record<string, unknown>): Promise<{ s: string; d: unknown }> {
    const r = this.nextRequest++;
    // Like the SDK: messages over 16384 characters go as a frame count followed by the pieces.
    const text = JSON.stringify({ t: "d", d: { r, a: action, b: body } });
    const pieces = text.match(/[\s\S]{1,16384}/g) ?? [text];
    if (pieces.length > 1) this.sendText(String(pieces.length));
    for (const piece of pieces) this.sendText(piece);
    const frame = await this.next((f) => f.t === "d" && (f.d as Frame).r === r);
    return (frame.d as Frame).b as { s: string; d: unknown };
  }

  close(): void {
    this.socket.close();
  }
}
