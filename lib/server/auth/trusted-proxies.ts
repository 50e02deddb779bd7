import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";

/**
 * The direct peer's address, stamped on each request by lib/server/peer-headers.ts from the socket (any copy the
 * client sent is dropped first). Proxy headers (`X-Forwarded-*`, `Forwarded`, `X-Real-IP`) count only when this
 * peer is one of LOOPSCOPE_TRUSTED_PROXIES; from any other peer they are removed before Next or we read them.
 */
export const PEER_HEADER = "x-loopscope-peer";

export const PROXY_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "forwarded",
  "x-real-ip",
] as const;

export interface TrustedProxies {
  has(address: string): boolean;
}

/** `LOOPSCOPE_TRUSTED_PROXIES`: comma-separated IPv4/IPv6 addresses and CIDR ranges; empty trusts nobody. */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  const list = new BlockList();
  for (const entry of (text ?? "").split(",").map((item) => item.trim())) {
    if (!entry) continue;
    const [address = "", bits, ...rest] = entry.split("/");
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxBits = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      rest.length > 0 ||
      (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxBits))
    )
      throw new Error(`LOOPSCOPE_TRUSTED_PROXIES: "${entry}" is not an IP address or a CIDR range (e.g. 10.0.0.0/8)`);
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return {
    has(candidate) {
      const family = isIP(candidate);
      // BlockList matches an IPv4-mapped IPv6 peer (`::ffff:127.0.0.1`) against IPv4 entries too.
      return family !== 0 && list.check(candidate, family === 6 ? "ipv6" : "ipv4");
    },
  };
}

let cached: { text: string | undefined; proxies: TrustedProxies } | null = null;

/** The configured trusted proxies, parsed once per value of the variable. */
export function trustedProxies(): TrustedProxies {
  const text = env().LOOPSCOPE_TRUSTED_PROXIES;
  if (cached && cached.text === text) return cached.proxies;
  const proxies = parseTrustedProxies(text);
  cached = { text, proxies };
  return proxies;
}

function peerOf(headers: Headers): string | null {
  return headers.get(PEER_HEADER)?.trim() || null;
}

/** Whether this request came through a trusted proxy, so that its `X-Forwarded-*` headers tell the truth. */
export function fromTrustedProxy(headers: Headers, trusted: TrustedProxies = trustedProxies()): boolean {
  const peer = peerOf(headers);
  return peer !== null && trusted.has(peer);
}

function firstValue(value: string | null): string | null {
  return value?.split(",")[0]?.trim() || null;
}

/**
 * The client's address, for the sign-in throttle: the direct peer, or behind trusted proxies the nearest
 * `X-Forwarded-For` hop that is not itself a trusted proxy. "unknown" for a request no socket stamped.
 */
export function clientAddress(headers: Headers, trusted: TrustedProxies = trustedProxies()): string {
  const peer = peerOf(headers);
  if (peer === null) return "unknown";
  if (!trusted.has(peer)) return peer;
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (const hop of hops.toReversed()) if (!trusted.has(hop)) return hop;
  return hops[0] ?? peer;
}

/**
 * This site's origin as the browser sees it (scheme, host and port): from a trusted proxy its `X-Forwarded-Proto`
 * and `X-Forwarded-Host`; otherwise the `Host` header and the connection's own scheme, which Next writes into
 * `X-Forwarded-Proto` after peer-headers.ts removed any the client sent. Null when no host is known.
 */
export function requestOrigin(
  headers: Headers,
  url: string,
  trusted: TrustedProxies = trustedProxies(),
): string | null {
  const viaProxy = fromTrustedProxy(headers, trusted);
  const fallback = new URL(url);
  const host = (viaProxy ? firstValue(headers.get("x-forwarded-host")) : null) ?? headers.get("host") ?? fallback.host;
  const scheme = firstValue(headers.get("x-forwarded-proto")) ?? fallback.protocol.replace(/:$/, "");
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}
