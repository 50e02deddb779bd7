import path from "node:path";
import { defineConfig } from "prisma/config";
import { createMigrationAdapter } from "./prisma/migration-adapter";

// The WASM schema engine leaves 10-60 s timers pending, which keeps the CLI alive for up
// to a minute after it has finished; long timers must not hold the process open.
const originalSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = ((handler: (...args: unknown[]) => void, delay?: number, ...rest: unknown[]) => {
  const timer = originalSetTimeout(handler, delay, ...rest);
  if ((delay ?? 0) >= 5_000) timer.unref();
  return timer;
}) as typeof globalThis.setTimeout;

// Prisma 6 must always resolve DATABASE_URL, or it falls back to the native engine and tries to download it.
const DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/loopscope";
process.env.DATABASE_URL ??= DEFAULT_URL;
const databaseUrl = process.env.DATABASE_URL;

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  adapter: async () => createMigrationAdapter(databaseUrl, process.env.LOOPSCOPE_EMBEDDED === "1"),
});
