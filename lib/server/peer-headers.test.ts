import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { PEER_HEADER, parseTrustedProxies } from "./auth/trusted-proxies";
import { stampPeer, watchRequestPeers } from "./peer-headers";

afterEach(() => {
  delete process.env.LOOPSCOPE_TRUSTED_PROXIES;
});

const spoofed = {
  "x-forwarded-for": "198.51.100.1",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  forwarded: "for=198.51.100.1",
  "x-real-ip": "198.51.100.1",
  [PEER_HEADER]: "10.0.0.1",
};

describe("stampPeer", () => {
  it("drops proxy headers and a forged peer from a peer that is no trusted proxy", () => {
    const headers: IncomingHttpHeaders = { host: "site", ...spoofed };
    stampPeer(headers, "203.0.113.9", parseTrustedProxies(""));
    expect(headers).toEqual({ host: "site", [PEER_HEADER]: "203.0.113.9" });
  });

  it("keeps them from a trusted proxy", () => {
    const headers: IncomingHttpHeaders = { ...spoofed };
    stampPeer(headers, "10.0.0.2", parseTrustedProxies("10.0.0.0/8"));
    expect(headers).toEqual({ ...spoofed, [PEER_HEADER]: "10.0.0.2" });
  });
});

describe("watchRequestPeers on a real HTTP server", () => {
  async function headersSeen(): Promise<IncomingHttpHeaders> {
    const server = createServer((request, response) => response.end(JSON.stringify(request.headers)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, { headers: spoofed });
      return (await response.json()) as IncomingHttpHeaders;
    } finally {
      server.close();
    }
  }

  it("stamps the socket's address before the server's handler runs, and honours proxies only when trusted", async () => {
    watchRequestPeers();
    const direct = await headersSeen();
    expect(direct[PEER_HEADER]).toBe("127.0.0.1");
    expect(direct["x-forwarded-for"]).toBeUndefined();
    expect(direct["x-forwarded-host"]).toBeUndefined();
    process.env.LOOPSCOPE_TRUSTED_PROXIES = "127.0.0.1";
    const proxied = await headersSeen();
    expect(proxied[PEER_HEADER]).toBe("127.0.0.1");
    expect(proxied["x-forwarded-for"]).toBe("198.51.100.1");
    expect(proxied["x-forwarded-host"]).toBe("evil.example");
  });
});
