import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    projects: [
      {
        resolve: { alias: { "@": root, "server-only": `${root}lib/testing/server-only-stub.ts` } },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts", "bin/**/*.test.ts"],
          // DB and cluster tests have projects of their own (a database; a build and child servers).
          exclude: ["**/*.db.test.ts", "**/*.cluster.test.ts", "node_modules/**"],
          environment: "node",
          // Files share a worker's module graph instead of re-importing it each (153 s -> 84 s side by side on two
          // busy cores): unit tests keep no state between files. The DB project keeps isolation: each of its files
          // points the Prisma client at its own database.
          isolate: false,
          setupFiles: ["lib/testing/env-follows-process.ts"],
          // Bootstrap tests take a second alone and over 5 s (vitest's default) on a loaded two-core machine.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias: { "@": root, "server-only": `${root}lib/testing/server-only-stub.ts` } },
        test: {
          name: "db",
          include: ["lib/**/*.db.test.ts", "app/**/*.db.test.ts", "scripts/**/*.db.test.ts"],
          environment: "node",
          // Uploads are ingested inside the route unless a test starts the job queue (lib/testing/upload-jobs.ts).
          // No run is warmed: pages fill their lean rows in the request (get-leaderboard.db.test.ts checks the
          // background fill with a low limit of its own).
          env: { LOOPSCOPE_INGEST: "inline", LOOPSCOPE_SUMMARIES_IN_REQUEST: "1000000" },
          // Each file gets its own copy of a migrated template database, so files run side by side.
          globalSetup: ["lib/testing/db-global-setup.ts"],
          setupFiles: ["lib/testing/env-follows-process.ts", "lib/testing/db-file-setup.ts"],
          fileParallelism: true,
          // Much of a DB test's time is PostgreSQL's, so a third worker still gains on two cores.
          maxWorkers: Number(process.env.LOOPSCOPE_DB_TEST_WORKERS ?? 3),
          // Files share the cores: a CPU-bound test (limits.db.test.ts inflates 256 MiB) needs more than alone.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: { "@": root, "server-only": `${root}lib/testing/server-only-stub.ts` } },
        test: {
          // Several `next start` servers and workers as child processes: needs `next build` first (npm test runs it after the build).
          name: "cluster",
          include: ["lib/**/*.cluster.test.ts"],
          environment: "node",
          setupFiles: ["lib/testing/env-follows-process.ts"],
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
