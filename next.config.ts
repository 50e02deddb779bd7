import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // pg and the PGlite socket are Node-only; keep them out of the server bundle.
  serverExternalPackages: ["pg", "@electric-sql/pglite", "@electric-sql/pglite-socket"],
  typedRoutes: false,
  experimental: {
    // Uploads are route handlers that stream the body; nothing here relies on server action bodies.
  },
};

export default nextConfig;
