import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { MAX_RUNS_PER_BUNDLE } from "@/lib/bundles/validate-records";
import { chunksOf, makeBundle, makeRun, makeTrajectory } from "@/lib/testing/factories";
import { tableCounts } from "@/lib/testing/table-counts";
import { ingestBundle } from "./ingest-bundle";

/** Locks held by other sessions on this test's own database (relation locks carry the database's oid). */
async function locksOnThisDatabase(): Promise<number> {
  const rows = await db().$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM pg_locks
     WHERE database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND pid <> pg_backend_pid()`,
  );
  return rows[0]?.n ?? 0;
}

/** Runs `work` while sampling the locks every few milliseconds; returns its result and the most seen at once. */
async function withPeakLocks<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await locksOnThisDatabase());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    return { result: await work(), peak };
  } finally {
    running = false;
    await sampler;
  }
}

function manyRuns(count: number, withTrajectories: boolean) {
  const runs = Array.from({ length: count }, (_, index) => makeRun({ id: `run-${index}`, name: `run ${index}` }));
  return makeBundle({
    runs,
    trajectories: withTrajectories ? runs.map((run) => makeTrajectory({ run: run.id })) : [],
    turnPredictions: [],
  });
}

describe("many runs in one bundle", () => {
  it("refuses 5,000 runs at the header, located, before any write or lock", async () => {
    const before = await tableCounts();
    const { result, peak } = await withPeakLocks(() =>
      ingestBundle({ chunks: chunksOf(JSON.stringify(manyRuns(5000, false)), 64 * 1024), fileName: "runs.json" }),
    );
    expect(result).toMatchObject({
      kind: "invalid",
      issues: [{ path: `runs[${MAX_RUNS_PER_BUNDLE}]`, message: expect.stringContaining("declares 5000 runs") }],
    });
    expect(await tableCounts()).toEqual(before);
    // No ingest transaction was opened: at most the sampler's neighbours' catalog reads.
    expect(peak).toBeLessThan(50);
  });

  it(`stores ${MAX_RUNS_PER_BUNDLE} runs, each with a trajectory, within a bounded share of the lock table`, async () => {
    const { result, peak } = await withPeakLocks(() =>
      ingestBundle({
        chunks: chunksOf(JSON.stringify(manyRuns(MAX_RUNS_PER_BUNDLE, true)), 64 * 1024),
        fileName: "runs.json",
      }),
    );
    expect(result).toMatchObject({ kind: "stored", counts: { trajectories: MAX_RUNS_PER_BUNDLE } });
    // About 20 per run (1,964 measured for 100 on 2026-12-03); PostgreSQL's default lock table holds 64 x (max_connections + prepared) = 6,400+.
    console.info(`peak locks for ${MAX_RUNS_PER_BUNDLE} runs: ${peak}`);
    expect(peak).toBeLessThan(MAX_RUNS_PER_BUNDLE * 25);
  });
});
