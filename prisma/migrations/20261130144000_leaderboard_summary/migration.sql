-- CreateTable
CREATE TABLE "LeaderboardSummary" (
    "runId" TEXT NOT NULL,
    "metricsVersion" INTEGER NOT NULL,
    "tasks" INTEGER NOT NULL,
    "trajectories" INTEGER NOT NULL,
    "minTrials" INTEGER NOT NULL,
    "maxTrials" INTEGER NOT NULL,
    "turnPredictions" INTEGER NOT NULL,
    "modelSize" DOUBLE PRECISION,
    "maxPassK" INTEGER NOT NULL,
    "hasGold" BOOLEAN NOT NULL,
    "hasClosed" BOOLEAN NOT NULL,
    "hasProxy" BOOLEAN NOT NULL,
    "sortValues" JSONB NOT NULL,
    "metrics" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LeaderboardSummary_pkey" PRIMARY KEY ("runId")
);

-- CreateIndex
CREATE INDEX "LeaderboardSummary_tasks_idx" ON "LeaderboardSummary"("tasks");

-- AddForeignKey
ALTER TABLE "LeaderboardSummary" ADD CONSTRAINT "LeaderboardSummary_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
