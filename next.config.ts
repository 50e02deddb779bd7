import type { NextConfig } from "next";
import { API_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS } from "./lib/server/security-headers";

const nextConfig: NextConfig = {
  // pg, pg-boss and the PGlite socket are Node-only; keep them out of the server bundle.
  serverExternalPackages: ["pg", "pg-boss", "@electric-sql/pglite", "@electric-sql/pglite-socket"],
  typedRoutes: false,
  experimental: {
    // forbidden() renders app/forbidden.tsx for a signed-in user whose role is too low.
    authInterrupts: true,
  },
  poweredByHeader: false,
  async headers() {
    return [
      { source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] },
      // Pages get theirs, with a nonce, from proxy.ts.
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
