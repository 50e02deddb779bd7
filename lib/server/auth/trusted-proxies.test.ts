import { describe, expect, it } from "vitest";
import { crossOriginReason } from "./same-origin";
import { PEER_HEADER, clientAddress, parseTrustedProxies, requestOrigin } from "./trusted-proxies";

const proxies = parseTrustedProxies("10.0.0.0/8, 192.0.2.7, fd00::/8");
const nobody = parseTrustedProxies(undefined);

describe("parseTrustedProxies", () => {
  it("reads addresses and CIDR ranges, IPv4-mapped peers included", () => {
    expect(proxies.has("10.200.3.4")).toBe(true);
    expect(proxies.has("::ffff:10.1.1.1")).toBe(true);
    expect(proxies.has("192.0.2.7")).toBe(true);
    expect(proxies.has("192.0.2.8")).toBe(false);
    expect(proxies.has("fd12::1")).toBe(true);
    expect(proxies.has("not an address")).toBe(false);
    expect(nobody.has("127.0.0.1")).toBe(false);
  });

  it("refuses an entry that is no address or range, naming it", () => {
    for (const entry of ["10.0.0.0/33", "example.org", "10.0.0.1/8/1", "::1/129"])
      expect(() => parseTrustedProxies(`127.0.0.1,${entry}`), entry).toThrow(`"${entry}" is not an IP address`);
  });
});

describe("clientAddress", () => {
  it("ignores X-Forwarded-For from a peer that is no trusted proxy: the throttle keys the peer", () => {
    const headers = new Headers({ [PEER_HEADER]: "203.0.113.9", "x-forwarded-for": "198.51.100.1" });
    expect(clientAddress(headers, nobody)).toBe("203.0.113.9");
    expect(clientAddress(headers, proxies)).toBe("203.0.113.9");
  });

  it("behind trusted proxies takes the nearest hop that is not a proxy, whatever the client put in front", () => {
    const headers = new Headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "1.1.1.1, 198.51.100.1, 10.0.0.5" });
    expect(clientAddress(headers, proxies)).toBe("198.51.100.1");
    expect(clientAddress(new Headers({ [PEER_HEADER]: "10.0.0.2" }), proxies)).toBe("10.0.0.2");
  });

  it('says "unknown" for a request no socket stamped, whatever it claims', () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "198.51.100.1" }), proxies)).toBe("unknown");
  });
});

describe("the Origin check: scheme, host and port", () => {
  const url = "http://localhost:3000/api/runs";

  it("uses X-Forwarded-Host and -Proto only from a trusted proxy", () => {
    const forwarded = { host: "localhost:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    expect(requestOrigin(new Headers({ ...forwarded, [PEER_HEADER]: "203.0.113.9" }), url, proxies)).toBe(
      "https://localhost:3000",
    );
    expect(requestOrigin(new Headers({ ...forwarded, [PEER_HEADER]: "10.0.0.2" }), url, proxies)).toBe(
      "https://evil.example",
    );
  });

  it("refuses an Origin that differs from the site in scheme or port, and accepts the same origin", () => {
    const site = { [PEER_HEADER]: "127.0.0.1", host: "loopscope.example", "x-forwarded-proto": "https" };
    const post = (origin: string) => crossOriginReason(new Headers({ ...site, origin }), url);
    expect(post("https://loopscope.example")).toBeNull();
    expect(post("https://loopscope.example:443")).toBeNull();
    expect(post("http://loopscope.example")).toMatch(/another site/);
    expect(post("https://loopscope.example:8443")).toMatch(/another site/);
    expect(post("https://evil.example")).toMatch(/another site/);
  });
});
