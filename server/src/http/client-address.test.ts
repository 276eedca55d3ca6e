import { describe, expect, it } from "vitest";
import { addressKey, clientAddressFrom, GOOGLE_CHAIN, NO_PROXY, normalizeAddress } from "./client-address";

describe("addressKey", () => {
  it("should keep an IPv4 address as it is", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("should read an IPv4-mapped IPv6 address as the IPv4 address, in any spelling", () => {
    for (const mapped of ["::ffff:203.0.113.7", "::FFFF:203.0.113.7", "::ffff:cb00:7107", "0:0:0:0:0:ffff:cb00:7107"]) {
      expect({ mapped, key: addressKey(mapped) }).toEqual({ mapped, key: "203.0.113.7" });
    }
  });

  it("should key IPv6 by its /64, written out in full or compressed", () => {
    const key = "2001:0db8:0001:0002::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0000:0000:0000:0001",
      "2001:db8:1:2:a:b:c:d",
      "[2001:db8:1:2::9]:443",
    ]) {
      expect({ address, key: addressKey(address) }).toEqual({ address, key });
    }
    expect(addressKey("2001:db8:1:3::1")).not.toBe(key);
    expect(addressKey("::1")).toBe("0000:0000:0000:0000::/64");
    expect(addressKey("2001:db8::")).toBe("2001:0db8:0000:0000::/64");
  });

  it("should drop a zone id", () => {
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0000:0000:0000::/64");
    expect(normalizeAddress("fe80::1%25eth0")).toBe("fe80::1");
  });

  it("should leave what is not an address alone", () => {
    expect(normalizeAddress("not-an-address")).toBeUndefined();
    expect(normalizeAddress("999.1.1.1")).toBeUndefined();
    expect(addressKey("unknown")).toBe("unknown");
  });
});

describe("clientAddressFrom", () => {
  it("should ignore X-Forwarded-For entirely without a proxy", () => {
    expect(clientAddressFrom("127.0.0.1", "198.51.100.1", NO_PROXY)).toBe("127.0.0.1");
  });

  it("should take the entry Google's front end appended on a direct call, whatever the caller wrote before it", () => {
    expect(clientAddressFrom("169.254.1.1", "203.0.113.7", GOOGLE_CHAIN)).toBe("203.0.113.7");
    expect(clientAddressFrom("169.254.1.1", "6.6.6.6, 203.0.113.7", GOOGLE_CHAIN)).toBe("203.0.113.7");
    // A caller writing a Google proxy address does not move the choice: the front end appends the real one after it.
    expect(clientAddressFrom("169.254.1.1", "6.6.6.6, 35.191.0.5, 203.0.113.7", GOOGLE_CHAIN)).toBe("203.0.113.7");
  });

  it("should take the entry before Hosting's when the request came through Firebase Hosting", () => {
    expect(clientAddressFrom("169.254.1.1", "203.0.113.7, 35.191.4.2", GOOGLE_CHAIN)).toBe("203.0.113.7");
    expect(clientAddressFrom("169.254.1.1", "1.2.3.4, 9.9.9.9, 203.0.113.7, 130.211.1.9", GOOGLE_CHAIN)).toBe(
      "203.0.113.7",
    );
    // Never further than the hop count, even through several proxy addresses.
    expect(clientAddressFrom("169.254.1.1", "6.6.6.6, 35.191.0.1, 35.191.4.2", GOOGLE_CHAIN)).toBe("35.191.0.1");
  });

  it("should fall back to the peer when the header is missing or Google's entry is unreadable", () => {
    expect(clientAddressFrom("::ffff:10.0.0.1", undefined, GOOGLE_CHAIN)).toBe("10.0.0.1");
    expect(clientAddressFrom("10.0.0.1", "", GOOGLE_CHAIN)).toBe("10.0.0.1");
    expect(clientAddressFrom("10.0.0.1", "6.6.6.6, garbage", GOOGLE_CHAIN)).toBe("10.0.0.1");
  });

  it("should read several X-Forwarded-For lines as one list", () => {
    expect(clientAddressFrom("10.0.0.1", ["6.6.6.6", "203.0.113.7"], GOOGLE_CHAIN)).toBe("203.0.113.7");
  });
});
