-- Uploads ingested by background jobs, and soft-deleted runs removed by background jobs.
ALTER TABLE "Run" ADD COLUMN "deletedAt" TIMESTAMP(3);
CREATE INDEX "Run_deletedAt_idx" ON "Run"("deletedAt");

CREATE TABLE "Upload" (
    "id" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "storagePath" TEXT NOT NULL,
    "sizeBytes" BIGINT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "actorId" TEXT,
    "actorName" TEXT NOT NULL,
    "phase" TEXT NOT NULL DEFAULT 'queued',
    "bytes" BIGINT NOT NULL DEFAULT 0,
    "trajectories" INTEGER NOT NULL DEFAULT 0,
    "events" INTEGER NOT NULL DEFAULT 0,
    "turnPredictions" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "httpStatus" INTEGER,
    "result" JSON,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Upload_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Upload_createdAt_idx" ON "Upload"("createdAt");
