// REST query parameters (`orderBy="age"&startAt=25,"cat"&limitToFirst=2`) in the WebSocket query shape, refused
// with the messages production answers when they are malformed.
import { isValidKey } from "./validate";

/** A query parameter production would refuse; answered 400 with this message. */
export class RestQueryError extends Error {}

const FILTERS = ["startAt", "startAfter", "endAt", "endBefore", "equalTo", "limitToFirst", "limitToLast"];
const SPECIAL_INDEXES: Record<string, string> = { $key: ".key", $value: ".value", $priority: ".priority" };

interface Bound {
  value: unknown;
  key?: string;
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * `startAt=25`, or with the key that breaks ties among equal values, `startAt=25,"cat"` (what the SDK's own REST
 * client sends). The value may itself be a string holding commas, so each comma is tried as the separator.
 */
function parseBound(name: string, text: string): Bound {
  const whole = tryJson(text);
  if (whole.ok) return { value: whole.value };
  for (let comma = text.indexOf(","); comma !== -1; comma = text.indexOf(",", comma + 1)) {
    const value = tryJson(text.slice(0, comma));
    const key = tryJson(text.slice(comma + 1));
    if (!value.ok || !key.ok) continue;
    if (typeof key.value !== "string" || !isValidKey(key.value)) {
      throw new RestQueryError("Constraint key field must be a valid key name");
    }
    return { value: value.value, key: key.value };
  }
  throw new RestQueryError(`${name} must be a JSON value, optionally followed by a comma and a key: ${name}=25,"key"`);
}

function parseIndex(text: string): string {
  const index = tryJson(text);
  if (!index.ok || typeof index.value !== "string") {
    throw new RestQueryError('orderBy must be a JSON string: orderBy="$key", orderBy="age"');
  }
  return SPECIAL_INDEXES[index.value] ?? index.value;
}

/** The query of a REST GET, or undefined for a plain read; filters need an orderBy, as in production. */
export function restQuery(params: URLSearchParams): Record<string, unknown> | undefined {
  const orderBy = params.get("orderBy");
  if (orderBy === null) {
    if (FILTERS.some((name) => params.has(name))) {
      throw new RestQueryError("orderBy must be defined when other query parameters are defined");
    }
    return undefined;
  }
  const q: Record<string, unknown> = { i: parseIndex(orderBy) };
  const bound = (name: string): Bound => {
    const parsed = parseBound(name, params.get(name) ?? "");
    if (q.i === ".key" && typeof parsed.value !== "string") {
      throw new RestQueryError("Provided key index type is invalid, must be string");
    }
    return parsed;
  };
  const setStart = (name: string, inclusive: boolean) => {
    const { value, key } = bound(name);
    Object.assign(q, { sp: value, sin: inclusive }, key !== undefined && { sn: key });
  };
  const setEnd = (name: string, inclusive: boolean) => {
    const { value, key } = bound(name);
    Object.assign(q, { ep: value, ein: inclusive }, key !== undefined && { en: key });
  };
  if (params.has("equalTo")) {
    setStart("equalTo", true);
    setEnd("equalTo", true);
  }
  if (params.has("startAt")) setStart("startAt", true);
  else if (params.has("startAfter")) setStart("startAfter", false);
  if (params.has("endAt")) setEnd("endAt", true);
  else if (params.has("endBefore")) setEnd("endBefore", false);
  const limit = params.has("limitToFirst") ? "limitToFirst" : params.has("limitToLast") ? "limitToLast" : null;
  if (limit) {
    q.l = Number(params.get(limit));
    q.vf = limit === "limitToFirst" ? "l" : "r";
  }
  return q;
}
