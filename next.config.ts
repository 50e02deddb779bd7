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
  // npm test runs tsc over the same files in its typecheck step just before the build: it turns the build's own pass
  // off (18 s of two cores). Every other build (npm run build, quickstart) checks types as usual.
  typescript: { ignoreBuildErrors: process.env.LOOPSCOPE_BUILD_TYPECHECK === "off" },
  async headers() {
    return [
      { source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] },
      // Pages get theirs, with a nonce, from proxy.ts.
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
