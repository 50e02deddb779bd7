-- A run's judges: judge reviews uploaded like bundles store their verdicts as JudgeLabel rows of a trajectory.
ALTER TABLE "JudgeLabel" ADD COLUMN "outcome" BOOLEAN,
ADD COLUMN "costUsd" DOUBLE PRECISION,
ADD COLUMN "details" JSONB,
ADD COLUMN "bundleId" TEXT;

CREATE INDEX "JudgeLabel_bundleId_idx" ON "JudgeLabel"("bundleId");

ALTER TABLE "JudgeLabel" ADD CONSTRAINT "JudgeLabel_bundleId_fkey" FOREIGN KEY ("bundleId") REFERENCES "Bundle"("id") ON DELETE CASCADE ON UPDATE CASCADE;
