// Resolves ServerValue placeholders ({".sv": "timestamp"}, {".sv": {"increment": n}}) in validated
// incoming data against the data already stored where they land.
import { getAt, isLeaf, type MaybeNode } from "./tree";

function resolvePlaceholder(sv: unknown, existing: MaybeNode, now: number): number {
  if (sv === "timestamp") return now;
  const delta = (sv as { increment: number }).increment;
  // Incrementing a missing or non-number value sets it to the delta, like the SDK's local resolution.
  return existing && isLeaf(existing) && typeof existing.leaf === "number" ? existing.leaf + delta : delta;
}

/** Returns `value` with every placeholder replaced; `existing` is the stored node at the value's location. */
export function resolveServerValues(value: unknown, existing: MaybeNode, now: number): unknown {
  if (typeof value !== "object" || value === null) return value;
  const obj = value as Record<string, unknown>;
  if (".sv" in obj) return resolvePlaceholder(obj[".sv"], existing, now);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(obj)) {
    if (key === ".priority") {
      out[key] = resolveServerValues(child, getAt(existing, [".priority"]), now);
    } else if (key === ".value") {
      out[key] = resolveServerValues(child, existing, now);
    } else {
      out[key] = resolveServerValues(child, getAt(existing, [key]), now);
    }
  }
  return out;
}
