// Who is calling, for limits (sign-in attempts, posts, open streams): the address Google's infrastructure vouches for,
// never one the caller wrote, and one key per IPv6 /64 (a home or a phone holds a whole /64 and can pick any address
// in it). docs/security.md, "The client's address", says how the chain was worked out.
import { BlockList, isIP } from "node:net";

/**
 * Google's front-end proxies, the addresses they use to reach backends (Cloud Load Balancing's documented proxy and
 * health-check ranges). Firebase Hosting reaches Cloud Run through them.
 */
export const GOOGLE_FRONT_END_RANGES = [
  "35.191.0.0/16",
  "130.211.0.0/22",
  "2600:2d00:1:b029::/64",
  "2600:2d00:1:1::/64",
];

export interface ProxyTrust {
  /**
   * How many X-Forwarded-For entries, counted from the right, Google's infrastructure may have appended: 1 when the
   * front end appends the caller (a direct call to the run.app URL), 2 when Hosting appends the guest and the front
   * end appends Hosting. 0: no proxy, the socket's peer is the client.
   */
  hops: number;
  /**
   * Addresses of proxies in the chain: a right-most entry in these ranges is a proxy (Hosting reaching Cloud Run), so
   * the entry to its left is the client's. An entry outside them is the client, however many hops are allowed.
   */
  proxyRanges: readonly string[];
}

export const NO_PROXY: ProxyTrust = { hops: 0, proxyRanges: [] };
/** Behind Firebase Hosting → Google's front end → Cloud Run, also reached directly at its run.app URL. */
export const GOOGLE_CHAIN: ProxyTrust = { hops: 2, proxyRanges: GOOGLE_FRONT_END_RANGES };

/**
 * The client's address from the socket's peer and the X-Forwarded-For header: read from the right, where each proxy
 * appends what it saw; the left-most entries are whatever the caller wrote, and are never read.
 */
export function clientAddressFrom(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: ProxyTrust,
): string {
  const fallback = normalizeAddress(peer ?? "") ?? "unknown";
  if (trust.hops <= 0 || forwardedFor === undefined) return fallback;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const proxies = blockListOf(trust.proxyRanges);
  let chosen: string | undefined;
  for (let hop = 0; hop < trust.hops && hop < entries.length; hop += 1) {
    const address = normalizeAddress(entries[entries.length - 1 - hop] ?? "");
    // Unreadable: not something Google wrote; keep the last good one (or the peer).
    if (address === undefined) break;
    chosen = address;
    if (!isInRanges(proxies, address)) break;
  }
  return chosen ?? fallback;
}

/** The key limits count under: an IPv4 address as it is, an IPv6 address by its /64. */
export function addressKey(address: string): string {
  const normalized = normalizeAddress(address);
  if (normalized === undefined) return address;
  if (isIP(normalized) === 4) return normalized;
  const groups = expandIpv6(normalized);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/**
 * A plain address: zone id, brackets and port removed, IPv4-mapped IPv6 as IPv4, IPv6 in lower case. Undefined when
 * it is not an address.
 */
export function normalizeAddress(raw: string): string | undefined {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/%.*$/, "").toLowerCase();
  const version = isIP(value);
  if (version === 4) return value;
  if (version !== 6) return undefined;
  const mapped = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped?.[1] && isIP(mapped[1]) === 4) return mapped[1];
  const groups = expandIpv6(value);
  if (groups.slice(0, 5).every((group) => group === "0000") && groups[5] === "ffff") {
    const [high, low] = [Number.parseInt(groups[6] ?? "0", 16), Number.parseInt(groups[7] ?? "0", 16)];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return value;
}

/** The eight groups of an IPv6 address, four hex digits each. */
function expandIpv6(address: string): string[] {
  let text = address;
  // A trailing dotted quad (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const quad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array.from({ length: missing }, () => "0"), ...right];
  return groups.map((group) => group.padStart(4, "0"));
}

const blockLists = new Map<readonly string[], BlockList>();

function blockListOf(ranges: readonly string[]): BlockList {
  let list = blockLists.get(ranges);
  if (!list) {
    list = new BlockList();
    for (const range of ranges) {
      const [network = "", prefix = ""] = range.split("/");
      const version = isIP(network);
      if (version === 0) throw new Error(`not an address range: ${range}`);
      list.addSubnet(network, Number(prefix || (version === 4 ? 32 : 128)), version === 4 ? "ipv4" : "ipv6");
    }
    blockLists.set(ranges, list);
  }
  return list;
}

function isInRanges(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}
