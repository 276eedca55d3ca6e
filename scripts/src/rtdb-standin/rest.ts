// The REST API of the emulator: `/<path>.json` reads and writes (import/export at the root) and
// `/.settings/rules.json`, with the same identities, rules and validation as WebSocket clients.
import { randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ANONYMOUS, type Identity, InvalidTokenError, identityFromCredential } from "./auth";
import type { Namespace, WriteStatus } from "./namespace";
import { parseQuery } from "./query";
import { RulesError } from "./rules/compile";
import { Ruleset } from "./rules/ruleset";
import { getAt, isLeaf, toJson, toPlainJson } from "./tree";
import { InvalidDataError, parsePath } from "./validate";

export interface RestContext {
  namespaceFor(name: string): Namespace;
  projectId?: string;
  log: (line: string) => void;
}

const MAX_BODY_BYTES = 256 * 1024 * 1024;
const PUSH_CHARS = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";

/** A push key like the SDK's: 8 characters of time, then 12 random ones, so keys sort by creation. */
function pushId(): string {
  let time = Date.now();
  let id = "";
  for (let i = 0; i < 8; i++) {
    id = PUSH_CHARS.charAt(time % 64) + id;
    time = Math.floor(time / 64);
  }
  for (let i = 0; i < 12; i++) id += PUSH_CHARS.charAt(randomInt(64));
  return id;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  sendText(res, status, JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "access-control-allow-origin": "*" });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Invalid data; couldn't parse JSON object, array, or value.");
  }
}

/** The namespace comes from `?ns=`, else from the first label of a `<ns>.<domain>` host. */
export function namespaceName(url: URL, hostHeader: string | undefined): string | null {
  const fromQuery = url.searchParams.get("ns");
  if (fromQuery) return fromQuery;
  const host = (hostHeader ?? "").replace(/:\d+$/, "");
  const labels = host.split(".");
  if (labels.length >= 2 && !/^\d+$/.test(labels[labels.length - 1] ?? "")) return labels[0] ?? null;
  return null;
}

function identityOf(req: IncomingMessage, url: URL, projectId: string | undefined): Identity {
  const header = req.headers.authorization;
  const token = header?.startsWith("Bearer ")
    ? header.slice(7)
    : (url.searchParams.get("access_token") ?? url.searchParams.get("auth"));
  if (!token) return ANONYMOUS;
  try {
    return identityFromCredential(token, projectId);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new HttpError(401, `invalid token: ${error.message}`);
    throw error;
  }
}

/** REST query parameters (orderBy="$key", limitToFirst=2, …) in the WebSocket query shape. */
function restQuery(params: URLSearchParams): unknown {
  const orderBy = params.get("orderBy");
  if (orderBy === null) return undefined;
  const parse = (name: string): unknown => {
    try {
      return JSON.parse(params.get(name) ?? "");
    } catch {
      throw new HttpError(400, `${name} must be JSON`);
    }
  };
  const index = parse("orderBy");
  const q: Record<string, unknown> = {
    i: index === "$key" ? ".key" : index === "$value" ? ".value" : index === "$priority" ? ".priority" : index,
  };
  const has = (name: string) => params.has(name);
  if (has("equalTo")) {
    q.sp = parse("equalTo");
    q.ep = q.sp;
  }
  if (has("startAt") || has("startAfter")) {
    q.sp = parse(has("startAt") ? "startAt" : "startAfter");
    q.sin = has("startAt");
  }
  if (has("endAt") || has("endBefore")) {
    q.ep = parse(has("endAt") ? "endAt" : "endBefore");
    q.ein = has("endAt");
  }
  if (has("limitToFirst") || has("limitToLast")) {
    q.l = Number(params.get(has("limitToFirst") ? "limitToFirst" : "limitToLast"));
    q.vf = has("limitToFirst") ? "l" : "r";
  }
  return q;
}

function writeFailure(status: WriteStatus): never {
  if (status === "permission_denied") throw new HttpError(401, "Permission denied");
  throw new HttpError(412, "The data at this location changed");
}

async function handleRules(
  req: IncomingMessage,
  res: ServerResponse,
  namespace: Namespace,
  identity: Identity,
): Promise<void> {
  if (req.method === "GET") {
    sendText(res, 200, namespace.rules.source);
    return;
  }
  if (req.method !== "PUT") throw new HttpError(405, "rules support GET and PUT");
  if (!identity.admin) throw new HttpError(401, "Permission denied: rules can only be set with the admin credential");
  try {
    namespace.rules = Ruleset.parse(await readBody(req));
  } catch (error) {
    if (error instanceof RulesError) throw new HttpError(400, error.message);
    throw error;
  }
  namespace.recheckListeners();
  send(res, 200, { status: "ok" });
}

async function handleData(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  namespace: Namespace,
  identity: Identity,
): Promise<void> {
  const pathname = url.pathname.slice(0, -".json".length);
  const path = parsePath(pathname.split("/").map(decodeURIComponent).join("/"));
  const pathString = path.join("/");
  switch (req.method) {
    case "GET": {
      if (!namespace.canRead(identity, path)) throw new HttpError(401, "Permission denied");
      const node = namespace.read(path, parseQuery(restQuery(url.searchParams)));
      if (url.searchParams.get("shallow") === "true" && node && !isLeaf(node)) {
        send(res, 200, Object.fromEntries([...node.children.keys()].map((key) => [key, true])));
      } else {
        send(res, 200, url.searchParams.get("format") === "export" ? toJson(node, true) : toPlainJson(node));
      }
      return;
    }
    case "PUT":
    case "DELETE": {
      const data = req.method === "PUT" ? await readJson(req) : null;
      const status = namespace.write(identity, { kind: "set", path: pathString, data });
      if (status !== "ok") writeFailure(status);
      send(res, 200, toPlainJson(getAt(namespace.root, path)));
      return;
    }
    case "PATCH": {
      const status = namespace.write(identity, { kind: "merge", path: pathString, data: await readJson(req) });
      if (status !== "ok") writeFailure(status);
      send(res, 200, toPlainJson(getAt(namespace.root, path)));
      return;
    }
    case "POST": {
      const name = pushId();
      const status = namespace.write(identity, {
        kind: "set",
        path: [...path, name].join("/"),
        data: await readJson(req),
      });
      if (status !== "ok") writeFailure(status);
      send(res, 200, { name });
      return;
    }
    default:
      throw new HttpError(405, `method ${req.method} not supported`);
  }
}

export async function handleRest(req: IncomingMessage, res: ServerResponse, context: RestContext): Promise<void> {
  try {
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "GET, PUT, PATCH, POST, DELETE, OPTIONS",
        "access-control-allow-headers": "authorization, content-type",
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    const name = namespaceName(url, req.headers.host);
    if (!name) throw new HttpError(400, "missing namespace: add ?ns=<namespace> to the URL");
    const namespace = context.namespaceFor(name);
    const identity = identityOf(req, url, context.projectId);
    if (url.pathname === "/.settings/rules.json") await handleRules(req, res, namespace, identity);
    else if (url.pathname.endsWith(".json")) await handleData(req, res, url, namespace, identity);
    else throw new HttpError(404, "not found: REST paths end in .json");
  } catch (error) {
    if (error instanceof HttpError) send(res, error.status, { error: error.message });
    else if (error instanceof InvalidDataError) send(res, 400, { error: `Invalid data: ${error.message}` });
    else {
      context.log(`REST ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
      send(res, 500, { error: "internal error" });
    }
  }
}
