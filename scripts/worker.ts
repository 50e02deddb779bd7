// `npm run worker`: a process that only consumes ingest and purge jobs (run as many as you like,
// on any machine that reaches the database and the upload directory).
import { startWorker } from "@/lib/server/jobs/start-worker";
import { stopJobQueue, wakeLocalWorkerOf } from "@/lib/server/jobs/queue";
import { isSupervisedWorker, isToWorkerChild } from "@/lib/server/jobs/supervisor-messages";

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
// Started by a web server (lib/server/jobs/worker-child.ts): woken when it queues a job, stopped when it goes away.
if (isSupervisedWorker()) {
  process.on("message", (message: unknown) => {
    if (isToWorkerChild(message)) void wakeLocalWorkerOf(message.queue);
  });
  process.on("disconnect", () => void shutdown("the web server stopped"));
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
