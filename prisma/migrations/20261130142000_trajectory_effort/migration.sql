-- Cost split and message count per trajectory (issue 11, item 8). Nullable: rows ingested before stay unknown, never 0.
ALTER TABLE "Trajectory" ADD COLUMN "agentCostUsd" DOUBLE PRECISION;
ALTER TABLE "Trajectory" ADD COLUMN "userCostUsd" DOUBLE PRECISION;
ALTER TABLE "Trajectory" ADD COLUMN "messageCount" INTEGER;
