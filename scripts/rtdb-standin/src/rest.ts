// The REST API of the emulator: `/<path>.json` reads, queries and (conditional) writes, import/export at the root,
// and `/.settings/rules.json`, with the same identities, rules and validation as WebSocket clients.
import { randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ANONYMOUS, ExpiredTokenError, type Identity, InvalidTokenError, identityFromCredential } from "./auth";
import type { Clock } from "./clock";
import type { Namespace, WriteStatus } from "./namespace";
import { parseQuery } from "./query";
import { RestQueryError, restQuery } from "./rest-query";
import { RulesError } from "./rules/compile";
import { Ruleset } from "./rules/ruleset";
import { getAt, hashNode, isLeaf, type MaybeNode, toJson, toPlainJson } from "./tree";
import { InvalidDataError, parsePath } from "./validate";

export interface RestContext {
  namespaceFor(name: string): Namespace;
  projectId?: string;
  log: (line: string) => void;
  clock: Clock;
}

const MAX_BODY_BYTES = 256 * 1024 * 1024;
/** Where the browser SDK's long-polling transport connects; the stand-in speaks only WebSockets. */
const LONG_POLLING_PATH = "/.lp";
const LONG_POLLING_UNSUPPORTED =
  "The Realtime Database stand-in does not implement long polling, only WebSockets. In emulator mode call " +
  "forceWebSockets() from firebase/database before the first database call (or use the official emulator). " +
  "See docs/realtime-database.md.";
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

/** `print=pretty` indents the JSON; `print=silent` answers a success with 204 and no body. */
type Print = "compact" | "pretty" | "silent";

function printOf(url: URL): Print {
  const print = url.searchParams.get("print");
  if (print === null) return "compact";
  if (print === "pretty" || print === "silent") return print;
  throw new HttpError(400, `print must be "pretty" or "silent", not ${JSON.stringify(print)}`);
}

const NULL_ETAG = "null_etag";

/** The ETag of a location: the SDK's hash of its data, or Firebase's "null_etag" where there is none. */
function etagOf(node: MaybeNode): string {
  return node ? hashNode(node) : NULL_ETAG;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  options: { print?: Print; etag?: MaybeNode } = {},
): void {
  const headers: Record<string, string> = {
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "ETag",
  };
  if (options.etag !== undefined) headers.etag = etagOf(options.etag);
  if (options.print === "silent") {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  sendText(res, status, JSON.stringify(body, null, options.print === "pretty" ? 2 : undefined), headers);
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "access-control-allow-origin": "*",
    ...headers,
  });
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

function identityOf(req: IncomingMessage, url: URL, context: RestContext): Identity {
  const header = req.headers.authorization;
  const token = header?.startsWith("Bearer ")
    ? header.slice(7)
    : (url.searchParams.get("access_token") ?? url.searchParams.get("auth"));
  if (!token) return ANONYMOUS;
  try {
    return identityFromCredential(token, context.projectId, undefined, context.clock.now());
  } catch (error) {
    if (error instanceof ExpiredTokenError) throw new HttpError(401, error.message);
    if (error instanceof InvalidTokenError) throw new HttpError(401, `invalid token: ${error.message}`);
    throw error;
  }
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

/** `if-match` on a PUT or DELETE: the write happens only if the location still has that ETag. */
function etagMatches(req: IncomingMessage, res: ServerResponse, current: MaybeNode): boolean {
  const expected = req.headers["if-match"];
  if (expected === undefined || expected === etagOf(current)) return true;
  send(res, 412, toPlainJson(current), { etag: current });
  return false;
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
  const print = printOf(url);
  const wantsEtag = req.headers["x-firebase-etag"] === "true";
  if (req.headers["if-match"] !== undefined && req.method !== "PUT" && req.method !== "DELETE") {
    throw new HttpError(400, "if-match (conditional write) works with PUT and DELETE only");
  }
  switch (req.method) {
    case "GET": {
      if (!namespace.canRead(identity, path)) throw new HttpError(401, "Permission denied");
      const query = parseQuery(restQuery(url.searchParams));
      const missing = namespace.missingIndex(path, query);
      if (missing) {
        throw new HttpError(
          400,
          `Index not defined, add ".indexOn": "${missing}", for path "/${path.join("/")}", to the rules`,
        );
      }
      const node = namespace.read(path, query);
      const body =
        url.searchParams.get("shallow") === "true" && node && !isLeaf(node)
          ? Object.fromEntries([...node.children.keys()].map((key) => [key, true]))
          : url.searchParams.get("format") === "export"
            ? toJson(node, true)
            : toPlainJson(node);
      send(res, 200, body, { print, ...(wantsEtag && { etag: getAt(namespace.root, path) }) });
      return;
    }
    case "PUT":
    case "DELETE": {
      const data = req.method === "PUT" ? await readJson(req) : null;
      if (!etagMatches(req, res, getAt(namespace.root, path))) return;
      const status = namespace.write(identity, { kind: "set", path: pathString, data });
      if (status !== "ok") writeFailure(status);
      const stored = getAt(namespace.root, path);
      const etag = wantsEtag || req.headers["if-match"] !== undefined;
      send(res, 200, toPlainJson(stored), { print, ...(etag && { etag: stored }) });
      return;
    }
    case "PATCH": {
      const status = namespace.write(identity, { kind: "merge", path: pathString, data: await readJson(req) });
      if (status !== "ok") writeFailure(status);
      send(res, 200, toPlainJson(getAt(namespace.root, path)), { print });
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
      send(res, 200, { name }, { print });
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
        "access-control-allow-headers": "authorization, content-type, if-match, x-firebase-etag",
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === LONG_POLLING_PATH) throw new HttpError(501, LONG_POLLING_UNSUPPORTED);
    const name = namespaceName(url, req.headers.host);
    if (!name) throw new HttpError(400, "missing namespace: add ?ns=<namespace> to the URL");
    const namespace = context.namespaceFor(name);
    const identity = identityOf(req, url, context);
    if (url.pathname === "/.settings/rules.json") await handleRules(req, res, namespace, identity);
    else if (url.pathname.endsWith(".json")) await handleData(req, res, url, namespace, identity);
    else throw new HttpError(404, "not found: REST paths end in .json");
  } catch (error) {
    if (error instanceof HttpError) send(res, error.status, { error: error.message });
    else if (error instanceof RestQueryError) send(res, 400, { error: error.message });
    else if (error instanceof InvalidDataError) send(res, 400, { error: `Invalid data: ${error.message}` });
    else {
      context.log(`REST ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
      send(res, 500, { error: "internal error" });
    }
  }
}
