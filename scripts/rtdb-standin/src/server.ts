// Starts the Realtime Database stand-in: one HTTP server for REST plus WebSocket upgrades on `/.ws`,
// speaking the protocol firebase-admin and the browser SDK use against the official emulator.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import { type Clock, systemClock } from "./clock";
import { Namespace } from "./namespace";
import { handleRest, namespaceName } from "./rest";
import { RulesError } from "./rules/compile";
import { Ruleset } from "./rules/ruleset";
import { Session } from "./session";

export interface RtdbStandinOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /**
   * database.rules.json, applied to `<projectId>-default-rtdb` when a project id is given (as firebase-tools does
   * with the official emulator), otherwise to every namespace; replaceable per namespace over REST.
   */
  rulesPath?: string;
  /** When set, ID tokens must be issued for this project. */
  projectId?: string;
  log?: (line: string) => void;
  /** What the stand-in takes for the time (token expiry, the rules' `now`, server timestamps); the system's by default. */
  clock?: Clock;
}

export interface RtdbStandin {
  host: string;
  port: number;
  /** Closes every connection (without running onDisconnect operations) and frees the port. */
  stop(): Promise<void>;
}

function loadRulesFile(rulesPath: string): Ruleset {
  try {
    return Ruleset.parse(readFileSync(rulesPath, "utf8"));
  } catch (error) {
    if (error instanceof RulesError) throw new RulesError(`${rulesPath}: ${error.message}`);
    throw error;
  }
}

export async function startRtdbStandin(options: RtdbStandinOptions): Promise<RtdbStandin> {
  const log = options.log ?? (() => {});
  const clock = options.clock ?? systemClock;
  // Parse the rules before listening so a broken rules file fails the start, not the first request.
  const defaultRules = options.rulesPath ? loadRulesFile(options.rulesPath) : Ruleset.open();
  // Like the official emulator, where firebase-tools loads the rules into the project's default instance only:
  // any other namespace starts with open rules (a test can load its own over REST).
  const rulesNamespace = options.projectId === undefined ? undefined : `${options.projectId}-default-rtdb`;
  const namespaces = new Map<string, Namespace>();
  const namespaceFor = (name: string): Namespace => {
    let namespace = namespaces.get(name);
    if (!namespace) {
      const rules = rulesNamespace === undefined || name === rulesNamespace ? defaultRules : Ruleset.open();
      namespace = new Namespace(name, rules, clock);
      namespaces.set(name, namespace);
    }
    return namespace;
  };
  const sessions = new Set<Session>();
  const context = {
    namespaceFor,
    log,
    clock,
    ...(options.projectId !== undefined && { projectId: options.projectId }),
  };

  const server = createServer((req, res) => {
    void handleRest(req, res, context);
  });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const name = namespaceName(url, req.headers.host);
    if (url.pathname !== "/.ws" || !name) {
      socket.end("HTTP/1.1 400 Bad Request\r\n\r\nWebSocket clients connect to /.ws?ns=<namespace>\r\n");
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => {
      const session = new Session(ws, namespaceFor(name), req.headers.host ?? `${options.host}`, context);
      sessions.add(session);
      ws.on("close", () => sessions.delete(session));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  log(`Realtime Database stand-in listening on ${options.host}:${port}`);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      for (const session of sessions) session.terminate();
      sessions.clear();
      sockets.close();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return stopping;
  };
  return { host: options.host, port, stop };
}
