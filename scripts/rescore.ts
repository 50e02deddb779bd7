// Brings the stored per-trajectory scores of every run scored with older definitions
// (Run.scoresVersion < SCORES_VERSION) up to date and drops those runs' metrics caches. With a job queue
// (PostgreSQL server) each stale run becomes a rescore job any worker takes; on the embedded database, or with
// --here, the runs are rescored in this process. Safe to run twice: current runs are skipped.
// Usage: npm run rescore [-- --here]
async function main(): Promise<void> {
  const here = process.argv.includes("--here");
  const { SCORES_VERSION } = await import("@/lib/metrics");
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  if (!here) {
    const { queueStaleRescores } = await import("@/lib/server/queue-run-jobs");
    const { stopJobQueue } = await import("@/lib/server/jobs/queue");
    const answer = await queueStaleRescores();
    await stopJobQueue({ graceful: true });
    console.log(
      answer.queued
        ? `${answer.runs} rescore job(s) queued for scores version ${SCORES_VERSION}; workers take them (npm run worker, or npm start)`
        : `${answer.runs} run(s) rescored to scores version ${SCORES_VERSION} in ${seconds()} s (no job queue)`,
    );
    return;
  }
  const { rescoreStaleRuns } = await import("@/lib/server/rescore-run");
  const count = await rescoreStaleRuns((run) =>
    console.log(`rescored ${run.trajectories} trajectories of run ${run.name} (${run.id})`),
  );
  console.log(`${count} run(s) rescored to scores version ${SCORES_VERSION} in ${seconds()} s`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
