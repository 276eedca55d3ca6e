// Validation of paths and incoming data against Firebase's limits, so bad writes get an error status
// instead of corrupting the tree (the SDK checks most of this client-side; raw clients do not).

const MAX_DEPTH = 32;
const MAX_KEY_BYTES = 768;
const MAX_STRING_BYTES = 10 * 1024 * 1024;
const INVALID_KEY_CHARS = /[[\].#$/]/;

/** ASCII control characters (0x00–0x1F and DEL) are not allowed in keys either. */
function hasControlCharacter(key: string): boolean {
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export class InvalidDataError extends Error {}

function checkKey(key: string): void {
  if (key.length === 0) throw new InvalidDataError("empty key");
  if (INVALID_KEY_CHARS.test(key) || hasControlCharacter(key)) {
    throw new InvalidDataError(
      `key ${JSON.stringify(key)} contains ".", "#", "$", "/", "[", "]" or a control character`,
    );
  }
  if (Buffer.byteLength(key, "utf8") > MAX_KEY_BYTES) {
    throw new InvalidDataError(`key longer than ${MAX_KEY_BYTES} bytes`);
  }
}

export function isValidKey(key: string): boolean {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Splits a wire path ("/a/b", "a/b/", "") into validated segments; `.priority` may end a write path. */
export function parsePath(pathString: unknown, allowPriority = false): string[] {
  if (typeof pathString !== "string") throw new InvalidDataError("path must be a string");
  const segments = pathString.split("/").filter((segment) => segment !== "");
  segments.forEach((segment, index) => {
    if (allowPriority && segment === ".priority" && index === segments.length - 1) return;
    checkKey(segment);
  });
  if (segments.length > MAX_DEPTH) throw new InvalidDataError(`path deeper than ${MAX_DEPTH} levels`);
  return segments;
}

function checkServerValue(value: unknown): void {
  if (value === "timestamp") return;
  if (
    typeof value === "object" &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as { increment?: unknown }).increment === "number" &&
    Number.isFinite((value as { increment: number }).increment)
  ) {
    return;
  }
  throw new InvalidDataError(`unsupported server value ${JSON.stringify(value)}`);
}

function checkPriority(priority: unknown): void {
  if (priority === null || typeof priority === "string") return;
  if (typeof priority === "number" && Number.isFinite(priority)) return;
  if (typeof priority === "object" && ".sv" in priority) {
    checkServerValue((priority as { ".sv": unknown })[".sv"]);
    return;
  }
  throw new InvalidDataError("priority must be a string, a number or null");
}

/** Throws InvalidDataError unless `value` (written `depth` levels below the root) is storable data. */
export function validateData(value: unknown, depth: number): void {
  if (depth > MAX_DEPTH) throw new InvalidDataError(`data nested deeper than ${MAX_DEPTH} levels`);
  if (value === null || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new InvalidDataError("numbers must be finite");
    return;
  }
  if (typeof value === "string") {
    // A UTF-8 string is at most 3 bytes per UTF-16 unit; only measure when it could be too long.
    if (value.length * 3 > MAX_STRING_BYTES && Buffer.byteLength(value, "utf8") > MAX_STRING_BYTES) {
      throw new InvalidDataError("string longer than 10 MB");
    }
    return;
  }
  if (typeof value !== "object") throw new InvalidDataError(`unsupported value type ${typeof value}`);
  const entries = Object.entries(value);
  if (".sv" in value) {
    if (entries.length !== 1) throw new InvalidDataError('".sv" must be the only key of a server value');
    checkServerValue((value as { ".sv": unknown })[".sv"]);
    return;
  }
  if (".value" in value) {
    for (const [key, child] of entries) {
      if (key === ".priority") checkPriority(child);
      else if (key !== ".value") throw new InvalidDataError('".value" can only be combined with ".priority"');
    }
    const leaf = (value as { ".value": unknown })[".value"];
    if (typeof leaf === "object" && leaf !== null && !(".sv" in leaf)) {
      throw new InvalidDataError('".value" must hold a primitive');
    }
    validateData(leaf, depth);
    return;
  }
  for (const [key, child] of entries) {
    if (key === ".priority") checkPriority(child);
    else {
      checkKey(key);
      validateData(child, depth + 1);
    }
  }
}

/** Validates an update (merge) body: keys are relative paths, each value is data. */
export function validateMerge(children: unknown, depth: number): Map<string[], unknown> {
  if (typeof children !== "object" || children === null || Array.isArray(children)) {
    throw new InvalidDataError("update data must be an object");
  }
  const result = new Map<string[], unknown>();
  const seen: string[][] = [];
  for (const [key, value] of Object.entries(children)) {
    const relative = parsePath(key, true);
    if (relative.length === 0) throw new InvalidDataError("update keys must not be empty");
    // Firebase rejects updates where one key is an ancestor of another ("a" and "a/b").
    for (const other of seen) {
      const shorter = other.length < relative.length ? other : relative;
      const longer = shorter === other ? relative : other;
      if (shorter.every((segment, i) => segment === longer[i])) {
        throw new InvalidDataError(`update paths "${other.join("/")}" and "${key}" overlap`);
      }
    }
    seen.push(relative);
    validateData(value, depth + relative.length);
    result.set(relative, value);
  }
  return result;
}
