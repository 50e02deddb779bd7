// `npm run worker`: a process that only consumes ingest and purge jobs (run as many as you like,
// on any machine that reaches the database and the upload directory).
import { startWorker } from "@/lib/server/jobs/start-worker";
import { stopJobQueue } from "@/lib/server/jobs/queue";

const stop = await startWorker();
if (!stop) {
  console.error(
    "[loopscope] the embedded database has no job queue (uploads are ingested by the web server); set DATABASE_URL to run workers",
  );
  process.exit(2);
}
console.log(`[loopscope] worker ${process.pid} waiting for jobs`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`[loopscope] worker ${process.pid} stopping (${signal}); unfinished jobs are retried`);
  await stopJobQueue({ graceful: true });
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
