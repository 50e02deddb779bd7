-- Event and TurnPrediction are partitioned by run (PARTITION BY LIST ("runId")): one partition per run,
-- created and attached by the ingest transaction (lib/db/run-partitions.ts) and dropped as a unit when the
-- run is purged. Every key includes "runId", so a query scoped by run is pruned to its one partition.
-- Trajectory stays one table: StudyItem references it by id alone (a unique key on a partitioned table must
-- include the partition key), and it holds one row per trajectory, about 1/30 of Event.
--
-- No foreign key leaves a partitioned table: attaching a partition that carries one locks the referenced table
-- (SHARE ROW EXCLUSIVE) against the writes of every concurrent ingest, which then deadlock or queue. Integrity
-- comes from the single ingest transaction (a run's partition is filled and attached with its trajectories) and
-- from dropping the partitions with their run (ARCHITECTURE.md, "Per-run partitions").

-- Event -------------------------------------------------------------------------------------------------------
ALTER TABLE "Event" DROP CONSTRAINT "Event_trajectoryId_fkey";
ALTER TABLE "Event" RENAME TO "Event_unpartitioned";
ALTER TABLE "Event_unpartitioned" RENAME CONSTRAINT "Event_pkey" TO "Event_unpartitioned_pkey";

CREATE TABLE "Event" (
    "runId" TEXT NOT NULL,
    "trajectoryId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "turnIndex" INTEGER NOT NULL,
    "sourceMessage" INTEGER,
    "kind" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "toolName" TEXT,
    "callId" TEXT,
    "arguments" JSONB,
    "output" JSONB,
    "isError" BOOLEAN NOT NULL DEFAULT false,
    "errorInferred" BOOLEAN NOT NULL DEFAULT false,
    "text" TEXT,
    "timestamp" TIMESTAMP(3),
    "promptTokens" INTEGER,
    "completionTokens" INTEGER,
    "costUsd" DOUBLE PRECISION,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("runId", "trajectoryId", "seq")
) PARTITION BY LIST ("runId");

-- TurnPrediction ----------------------------------------------------------------------------------------------
ALTER TABLE "TurnPrediction" DROP CONSTRAINT "TurnPrediction_runId_fkey";
ALTER TABLE "TurnPrediction" DROP CONSTRAINT "TurnPrediction_taskId_fkey";
ALTER TABLE "TurnPrediction" RENAME TO "TurnPrediction_unpartitioned";
ALTER TABLE "TurnPrediction_unpartitioned" RENAME CONSTRAINT "TurnPrediction_pkey" TO "TurnPrediction_unpartitioned_pkey";
DROP INDEX "TurnPrediction_runId_kind_idx";
DROP INDEX "TurnPrediction_runId_taskId_turnIndex_key";

CREATE TABLE "TurnPrediction" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "turnIndex" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "reference" JSONB NOT NULL,
    "prediction" JSONB NOT NULL,
    "judgeSuccess" BOOLEAN,
    "judgeFailureCategory" TEXT,
    "judgeRationale" TEXT,
    "judgeName" TEXT,
    "rouge1Precision" DOUBLE PRECISION,
    "rouge1Recall" DOUBLE PRECISION,
    "rouge1F1" DOUBLE PRECISION,
    "exactMatch" BOOLEAN,
    "argumentF1" DOUBLE PRECISION,

    CONSTRAINT "TurnPrediction_pkey" PRIMARY KEY ("runId", "id")
) PARTITION BY LIST ("runId");
CREATE INDEX "TurnPrediction_runId_kind_idx" ON "TurnPrediction"("runId", "kind");
CREATE UNIQUE INDEX "TurnPrediction_runId_taskId_turnIndex_key" ON "TurnPrediction"("runId", "taskId", "turnIndex");

-- Trajectory: the composite key events name their trajectory by (Prisma's relation, pruned lookups).
CREATE UNIQUE INDEX "Trajectory_runId_id_key" ON "Trajectory"("runId", "id");

-- One partition per existing run, then the rows; partitions are named "Event_" || md5(runId) as lib/db/run-partitions.ts names them.
DO $$
DECLARE
  run_id TEXT;
BEGIN
  FOR run_id IN SELECT "id" FROM "Run" ORDER BY "id" LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "Event" FOR VALUES IN (%L)', 'Event_' || md5(run_id), run_id);
    EXECUTE format('CREATE TABLE %I PARTITION OF "TurnPrediction" FOR VALUES IN (%L)', 'TurnPrediction_' || md5(run_id), run_id);
  END LOOP;
END $$;

INSERT INTO "Event" ("runId", "trajectoryId", "seq", "turnIndex", "sourceMessage", "kind", "actor", "toolName", "callId",
    "arguments", "output", "isError", "errorInferred", "text", "timestamp", "promptTokens", "completionTokens", "costUsd")
SELECT t."runId", e."trajectoryId", e."seq", e."turnIndex", e."sourceMessage", e."kind", e."actor", e."toolName", e."callId",
    e."arguments", e."output", e."isError", e."errorInferred", e."text", e."timestamp", e."promptTokens", e."completionTokens", e."costUsd"
FROM "Event_unpartitioned" e JOIN "Trajectory" t ON t."id" = e."trajectoryId";

INSERT INTO "TurnPrediction" SELECT * FROM "TurnPrediction_unpartitioned";

DROP TABLE "Event_unpartitioned";
DROP TABLE "TurnPrediction_unpartitioned";
