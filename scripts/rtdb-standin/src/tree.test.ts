// The tree's hash must equal the SDK's byte for byte (transactions send it and the server compares); this checks
// hashNode against the hash the browser SDK computes for the same data, plus key ordering and path writes.
import { get, ref } from "firebase/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Clients, freshNamespace, startTarget, type Target } from "./testkit";
import { fromJson, getAt, hashNode, nameCompare, setAt, toJson, toPlainJson } from "./tree";

let target: Target;
let clients: Clients;

beforeAll(async () => {
  target = await startTarget();
  clients = new Clients(target, freshNamespace());
});

afterAll(async () => {
  await clients?.closeAll();
  await target?.stop();
});

const SAMPLES: Record<string, unknown> = {
  zero: 0,
  negativeZero: -0,
  integer: 42,
  power: 2 ** 29,
  big: 2 ** 53 + 2,
  fraction: 0.1,
  tiny: 5e-324,
  huge: 1.7976931348623157e308,
  negative: -1.5e-300,
  text: "héllo ✓ 𝄞",
  flag: false,
  withPriority: { ".value": "v", ".priority": 3.5 },
  tree: { b: { ".priority": "p", x: 1 }, a: [1, "two", true], "10": "ten", "9": "nine", "-1": "minus" },
};

describe("hashNode", () => {
  it("matches the SDK's hash for numbers, strings, booleans, priorities and nested data", async () => {
    await clients.admin().ref("samples").set(SAMPLES);
    const db = clients.browser();
    for (const key of Object.keys(SAMPLES)) {
      const snapshot = await get(ref(db, `samples/${key}`));
      const sdkHash = (snapshot as unknown as { _node: { hash(): string } })._node.hash();
      expect(hashNode(fromJson(snapshot.exportVal())), key).toBe(sdkHash);
    }
  });
});

describe("tree", () => {
  it("orders keys like Firebase: 32-bit integers numerically first, then strings", () => {
    const keys = ["b", "10", "a", "9", "-1", "2147483648", "009"];
    expect(keys.sort(nameCompare)).toEqual(["-1", "9", "009", "10", "2147483648", "a", "b"]);
  });

  it("writes in place or by copying paths, pruning emptied branches", () => {
    const original = fromJson({ a: { b: 1, c: 2 } });
    const copied = setAt(original, ["a", "b"], null, true);
    expect(toJson(original, false)).toEqual({ a: { b: 1, c: 2 } });
    expect(toJson(copied, false)).toEqual({ a: { c: 2 } });
    const emptied = setAt(copied, ["a", "c"], null, false);
    expect(emptied).toBeNull();
    expect(getAt(fromJson({ a: { ".priority": 1, b: 2 } }), ["a", ".priority"])).toEqual({ leaf: 1, priority: null });
  });

  it("returns mostly-dense integer keys as arrays, like the SDK's val()", () => {
    expect(toPlainJson(fromJson({ 0: "a", 1: "b", 3: "d" }))).toEqual(["a", "b", undefined, "d"]);
    expect(toPlainJson(fromJson({ 0: "a", 9: "j" }))).toEqual({ 0: "a", 9: "j" });
  });
});
