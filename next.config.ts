import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // pg, pg-boss and the PGlite socket are Node-only; keep them out of the server bundle.
  serverExternalPackages: ["pg", "pg-boss", "@electric-sql/pglite", "@electric-sql/pglite-socket"],
  typedRoutes: false,
  experimental: {
    // forbidden() renders app/forbidden.tsx for a signed-in user whose role is too low.
    authInterrupts: true,
  },
};

export default nextConfig;
