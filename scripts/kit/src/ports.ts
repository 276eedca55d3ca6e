// Port helpers: tests take free ports so two runs never collide; fixed ports are checked before use.
import { createServer } from "node:net";

/** Ports already handed out by this process: not yet listened on, so the OS could offer them again. */
const handedOut = new Set<number>();

/** A port nobody listens on right now (the OS picks it), never one this process already handed out. */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  for (;;) {
    const port = await askTheOs(host);
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function askTheOs(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Throws a message naming the port and the fix when something already listens there. */
export function assertPortFree(name: string, host: string, port: number, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", () =>
      reject(
        new Error(
          `Port ${port} on ${host}, wanted by ${name}, is already in use (another emulator or an earlier run?). ` +
            `Stop that process (\`lsof -i :${port}\` or \`ss -ltnp | grep ${port}\` shows it) or choose another port with ${variable}=<port>.`,
        ),
      ),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}
