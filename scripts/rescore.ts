// Recomputes the stored per-trajectory scores of every run scored with older definitions
// (Run.scoresVersion < SCORES_VERSION) from its stored events and tasks, and drops those runs'
// metrics caches. Safe to run twice: current runs are skipped. Usage: npm run rescore
async function main(): Promise<void> {
  const { rescoreStaleRuns } = await import("@/lib/server/rescore-run");
  const { SCORES_VERSION } = await import("@/lib/metrics");
  const started = Date.now();
  const count = await rescoreStaleRuns((run) =>
    console.log(`rescored ${run.trajectories} trajectories of run ${run.name} (${run.id})`),
  );
  console.log(
    `${count} run(s) rescored to scores version ${SCORES_VERSION} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
