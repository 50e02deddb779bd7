-- The attempt's worker and when it was last seen: a worker silent past LOOPSCOPE_WORKER_LOST_SECONDS whose upload
-- lock is gone is lost, and its job is retried without waiting for pg-boss's expiry (lib/server/jobs/lost-workers.ts).
ALTER TABLE "Upload" ADD COLUMN "heartbeatAt" TIMESTAMP(3);
ALTER TABLE "Upload" ADD COLUMN "workerName" TEXT;
