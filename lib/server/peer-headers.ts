import { subscribe } from "node:diagnostics_channel";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { PEER_HEADER, PROXY_HEADERS, trustedProxies, type TrustedProxies } from "./auth/trusted-proxies";

/**
 * Stamps the socket's address as PEER_HEADER (replacing any the client sent) and, unless that peer is a trusted
 * proxy, removes the proxy headers: Next then fills `X-Forwarded-For/Host/Proto/Port` from the connection itself,
 * so its own checks and ours see the truth.
 */
export function stampPeer(
  headers: IncomingHttpHeaders,
  remoteAddress: string | undefined,
  trusted: TrustedProxies = trustedProxies(),
): void {
  delete headers[PEER_HEADER];
  const peer = remoteAddress ?? "";
  if (!trusted.has(peer)) for (const name of PROXY_HEADERS) delete headers[name];
  if (peer) headers[PEER_HEADER] = peer;
}

interface RequestStart {
  request: IncomingMessage;
  socket: Socket;
}

let watching = false;

/**
 * Node publishes `http.server.request.start` for every request before the server's `request` handler (Next's) runs;
 * route handlers and server actions get no socket, so this is where the direct peer is known. Called from
 * instrumentation.ts before the first request is served; an invalid LOOPSCOPE_TRUSTED_PROXIES fails here.
 */
export function watchRequestPeers(): void {
  if (watching) return;
  trustedProxies();
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as RequestStart;
    stampPeer(request.headers, socket.remoteAddress);
  });
  watching = true;
}
