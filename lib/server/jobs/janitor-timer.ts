import { runJanitor } from "../janitor";

/** Hourly, as the janitor's own age limit is an hour; the first pass waits until start-up work is done. */
const FIRST_PASS_MS = 5 * 60 * 1000;
const INTERVAL_MS = 60 * 60 * 1000;

async function pass(): Promise<void> {
  try {
    const report = await runJanitor({ dryRun: false });
    const removed = report.partialFiles.length + report.purgedUploads.length + report.rejectedFiles.length;
    if (removed > 0)
      console.log(
        JSON.stringify({
          event: "janitor",
          partialFiles: report.partialFiles.length,
          purgedUploads: report.purgedUploads.length,
          rejectedFiles: report.rejectedFiles.length,
        }),
      );
  } catch (error) {
    console.error("[loopscope] janitor pass failed; next pass in an hour", error);
  }
}

/**
 * Every worker runs the janitor on a timer (passes of several workers overlap harmlessly: each removal is idempotent).
 * Returns the stop function; the timers never keep the process alive.
 */
export function startJanitorTimer(): () => void {
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void pass();
    interval = setInterval(() => void pass(), INTERVAL_MS);
    interval.unref();
  }, FIRST_PASS_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(interval);
  };
}
