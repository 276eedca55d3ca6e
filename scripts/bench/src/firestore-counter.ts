// A counting proxy between the BFF and the Firestore emulator, for `pnpm bench`: the BFF's firebase-admin reaches
// Firestore over gRPC (HTTP/2), so every call and every document it reads passes here and is counted by method,
// with no benchmark code in the BFF. The emulator has no read counter of its own.
import http2 from "node:http2";
import type { AddressInfo } from "node:net";

const FIRESTORE = "/google.firestore.v1.Firestore/";

/**
 * The first byte of a response message names its first field (protobuf tag). Firestore's responses put the
 * document first when they carry one, so this tells a document apart from bookkeeping (target changes,
 * read times) without decoding the message.
 */
const DOCUMENT_TAGS: Record<string, number[]> = {
  // ListenResponse: document_change = 3 (a document the listener receives, billed as a read).
  Listen: [0x1a],
  // BatchGetDocumentsResponse: found = 1, missing = 2 (both billed as reads).
  BatchGetDocuments: [0x0a, 0x12],
  // RunQueryResponse: document = 1.
  RunQuery: [0x0a],
  // RunAggregationQueryResponse: result = 1.
  RunAggregationQuery: [0x0a],
};

export interface FirestoreCounts {
  /** Calls per gRPC method (e.g. `Commit: 3`); a Listen call is one listener stream opened. */
  calls: Record<string, number>;
  /** Documents read per method: delivered to listeners, returned by gets and queries. */
  documents: Record<string, number>;
}

export interface FirestoreCounter {
  /** host:port to give the BFF as FIRESTORE_EMULATOR_HOST. */
  host: string;
  counts(): FirestoreCounts;
  /** Starts counting afresh (after warm-up). */
  reset(): void;
  close(): Promise<void>;
}

/** Counts gRPC messages (5-byte length-prefixed frames) as they stream by, whatever the chunking. */
function messageCounter(onMessage: (firstByte: number | undefined, compressed: boolean) => void) {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 5) {
      const length = pending.readUInt32BE(1);
      if (pending.length < 5 + length) break;
      onMessage(length > 0 ? pending[5] : undefined, pending[0] === 1);
      pending = pending.subarray(5 + length);
    }
  };
}

export async function startFirestoreCounter(upstream: string): Promise<FirestoreCounter> {
  let calls: Record<string, number> = {};
  let documents: Record<string, number> = {};
  const upstreamSession = http2.connect(`http://${upstream}`);
  upstreamSession.on("error", () => {});
  const server = http2.createServer();
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });

  server.on("stream", (stream, headers) => {
    const path = String(headers[":path"]);
    const method = path.startsWith(FIRESTORE) ? path.slice(FIRESTORE.length) : path;
    calls[method] = (calls[method] ?? 0) + 1;
    const forwarded: http2.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (name === ":authority" || name === ":scheme") continue;
      forwarded[name] = value;
    }
    const call = upstreamSession.request(forwarded);
    stream.pipe(call);
    stream.on("close", () => {
      if (!call.closed) call.close(http2.constants.NGHTTP2_CANCEL);
    });
    stream.on("error", () => {});
    call.on("error", () => {
      if (!stream.closed) stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    });
    call.on("response", (responseHeaders, flags) => {
      // A trailers-only answer (a gRPC error) ends with its headers.
      if (flags & http2.constants.NGHTTP2_FLAG_END_STREAM) {
        stream.respond(responseHeaders, { endStream: true });
        return;
      }
      let trailers: http2.IncomingHttpHeaders = {};
      stream.respond(responseHeaders, { waitForTrailers: true });
      stream.on("wantTrailers", () => stream.sendTrailers(trailers));
      const tags = DOCUMENT_TAGS[method];
      const count = messageCounter((firstByte, compressed) => {
        if (compressed) throw new Error("compressed gRPC messages cannot be counted; the BFF does not compress");
        if (tags && firstByte !== undefined && tags.includes(firstByte)) {
          documents[method] = (documents[method] ?? 0) + 1;
        }
      });
      call.on("data", (chunk: Buffer) => {
        count(chunk);
        stream.write(chunk);
      });
      call.on("trailers", (received) => {
        trailers = received;
      });
      call.on("end", () => stream.end());
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    counts: () => ({ calls: { ...calls }, documents: { ...documents } }),
    reset() {
      calls = {};
      documents = {};
    },
    close() {
      upstreamSession.destroy();
      return new Promise((resolve) => {
        server.close(() => resolve());
        // Open listener streams would hold the server open.
        for (const session of sessions) session.destroy();
      });
    },
  };
}
