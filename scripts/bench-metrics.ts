// Metrics benchmark: ingests a synthetic run of 10,000 trajectories (once), then times
// loading its stored scores from PostgreSQL and computing every run-level metric, and
// prints the row counts. BENCH_DATABASE_URL as in bench-ingest.
// Usage: npm run bench:metrics -- [--trajectories 10000] [--repeat 3]
import { createReadStream, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { numberOption, useBenchDatabase } from "./bench-options";

async function main(): Promise<void> {
  const trajectories = numberOption("trajectories", 10_000);
  const repeat = numberOption("repeat", 3);
  const url = await useBenchDatabase();

  const { ingestBundle } = await import("@/lib/server/ingest-bundle");
  const { writeSyntheticJsonlBundle } = await import("@/lib/testing/synthetic-bundle");
  const { loadTrajectoryOutcomes, loadTurnScores } = await import("@/lib/db/run-metrics-inputs");
  const { computeRunMetrics } = await import("@/lib/metrics");
  const { computeRunMetricsResponse } = await import("@/lib/server/get-run-metrics");

  const dir = path.join(os.tmpdir(), `loopscope-bench-metrics-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "bundle.jsonl");
  await writeSyntheticJsonlBundle(file, {
    trajectories,
    eventsPerTrajectory: 20,
    suiteName: `bench-metrics-${Date.now()}`,
  });
  const stored = await ingestBundle({ chunks: createReadStream(file), fileName: "bench-metrics.jsonl" });
  rmSync(dir, { recursive: true, force: true });
  if (stored.kind !== "stored") throw new Error("ingest failed");
  const runId = stored.runs[0]?.id ?? "";
  console.log(
    `run: ${stored.counts.trajectories} trajectories, ${stored.counts.events} events, ${stored.counts.tasks} tasks`,
  );

  for (let round = 1; round <= repeat; round += 1) {
    const t0 = performance.now();
    const [outcomes, turns] = await Promise.all([loadTrajectoryOutcomes({ runId }), loadTurnScores({ runId })]);
    const t1 = performance.now();
    computeRunMetrics(outcomes, turns);
    const t2 = performance.now();
    await computeRunMetricsResponse(runId);
    const t3 = performance.now();
    console.log(
      `round ${round}: load ${outcomes.length} trajectory rows + ${turns.length} turn rows ${(t1 - t0).toFixed(0)} ms, compute all metrics ${(t2 - t1).toFixed(0)} ms, whole API response ${(t3 - t2).toFixed(0)} ms`,
    );
  }
  const pool = new pg.Pool({ connectionString: url });
  await pool.query(`DELETE FROM "Bundle" WHERE "id" = $1`, [stored.bundleId]);
  await pool.end();
}

await main();
process.exit(0);
