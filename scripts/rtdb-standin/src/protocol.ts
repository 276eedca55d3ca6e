// The Realtime Database WebSocket wire protocol (v5): frame reassembly, message shapes and
// the envelopes the SDK expects from a server (see WebSocketConnection / Connection / PersistentConnection).

const PROTOCOL_VERSION = "5";
/** The SDK splits and reassembles messages at this many characters per frame. */
const MAX_FRAME_CHARS = 16384;
/** Upper bound on a reassembled message so a client cannot make the server buffer without limit. */
const MAX_MESSAGE_CHARS = 256 * 1024 * 1024;

export class ProtocolError extends Error {}

/** A data-layer request from the client: `{t:'d', d:{r, a, b}}`. */
export interface Request {
  r: number;
  a: string;
  b: Record<string, unknown>;
}

export type ClientMessage = { kind: "request"; request: Request } | { kind: "control"; type: string };

/**
 * Reassembles incoming frames. A frame made only of digits announces how many frames the next message spans
 * ("0" is the SDK's keep-alive); every other frame is, or continues, a JSON message.
 */
export class FrameAssembler {
  private expected = 0;
  private parts: string[] = [];
  private size = 0;

  /** Returns the complete message text, or null while more frames are due (or for a keep-alive). */
  push(frame: string): string | null {
    if (this.expected === 0) {
      if (/^\d{1,6}$/.test(frame)) {
        this.expected = Number(frame);
        return null;
      }
      return frame;
    }
    this.parts.push(frame);
    this.size += frame.length;
    if (this.size > MAX_MESSAGE_CHARS) throw new ProtocolError("message too large");
    if (this.parts.length < this.expected) return null;
    const message = this.parts.join("");
    this.parts = [];
    this.size = 0;
    this.expected = 0;
    return message;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses one complete message; throws ProtocolError for anything that is not a v5 client message. */
export function parseClientMessage(text: string): ClientMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProtocolError("frame is not JSON");
  }
  if (!isObject(parsed) || !isObject(parsed.d)) throw new ProtocolError("message must be {t, d}");
  const { t, d } = parsed;
  if (t === "c") {
    if (typeof d.t !== "string") throw new ProtocolError("control message without type");
    return { kind: "control", type: d.t };
  }
  if (t === "d") {
    if (typeof d.r !== "number" || typeof d.a !== "string" || !isObject(d.b)) {
      throw new ProtocolError("data message must be {r: number, a: string, b: object}");
    }
    return { kind: "request", request: { r: d.r, a: d.a, b: d.b } };
  }
  throw new ProtocolError(`unknown message layer ${JSON.stringify(t)}`);
}

/** Splits a server message into frames, prefixed by the frame count when it does not fit in one. */
export function encodeFrames(message: unknown): string[] {
  const text = JSON.stringify(message);
  if (text.length <= MAX_FRAME_CHARS) return [text];
  const frames: string[] = [];
  for (let i = 0; i < text.length; i += MAX_FRAME_CHARS) frames.push(text.slice(i, i + MAX_FRAME_CHARS));
  return [String(frames.length), ...frames];
}

export function handshake(host: string, sessionId: string): unknown {
  return { t: "c", d: { t: "h", d: { ts: Date.now(), v: PROTOCOL_VERSION, h: host, s: sessionId } } };
}

export const PONG = { t: "c", d: { t: "o", d: {} } };

export function response(requestNumber: number, status: string, data: unknown): unknown {
  return { t: "d", d: { r: requestNumber, b: { s: status, d: data } } };
}

/** A server push: `d` (overwrite), `m` (merge), `c` (listen revoked), `ac` (auth revoked). */
export function push(action: string, body: Record<string, unknown>): unknown {
  return { t: "d", d: { a: action, b: body } };
}
