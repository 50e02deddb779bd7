-- Display names, suite labels and pairs depend on the whole set of runs. They are stored on the lean
-- leaderboard row, stamped with the identity generation they were built at; any change to what they
-- are built from bumps the generation, and a reader that finds a row of an older generation rebuilds
-- all of them once (lib/server/run-identity-store.ts).
ALTER TABLE "LeaderboardSummary" ADD COLUMN "identity" JSON; -- json, not jsonb: keeps the key order of tags and metadata as built
ALTER TABLE "LeaderboardSummary" ADD COLUMN "identityGeneration" BIGINT;

CREATE TABLE "IdentityGeneration" (
    "id" INTEGER NOT NULL,
    "value" BIGINT NOT NULL,
    CONSTRAINT "IdentityGeneration_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "IdentityGeneration_one_row" CHECK ("id" = 1)
);
INSERT INTO "IdentityGeneration" ("id", "value") VALUES (1, 1);

CREATE FUNCTION "bump_identity_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "IdentityGeneration" SET "value" = "value" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;

-- Deferred to commit: the counter row is locked for an instant at commit, so concurrent ingests
-- do not queue behind each other for their whole transaction.
CREATE CONSTRAINT TRIGGER "Run_identity_generation"
  AFTER INSERT OR DELETE OR UPDATE OF "name", "nameIsCustom", "variant", "pairingKey", "metadata", "tags", "deletedAt", "suiteId", "modelId"
  ON "Run" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_identity_generation"();

-- Task counts and trials are part of display names and coverage labels.
CREATE CONSTRAINT TRIGGER "LeaderboardSummary_identity_generation"
  AFTER INSERT OR DELETE OR UPDATE OF "tasks", "minTrials", "maxTrials"
  ON "LeaderboardSummary" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_identity_generation"();

-- Suite labels count the suite's tasks.
CREATE CONSTRAINT TRIGGER "Task_identity_generation"
  AFTER INSERT OR DELETE
  ON "Task" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_identity_generation"();

-- /compare results by their ordered run ids, METRICS_VERSION and identity generation (the names in them).
CREATE TABLE "ComparisonCache" (
    "key" TEXT NOT NULL,
    "runIds" TEXT[] NOT NULL,
    "metricsVersion" INTEGER NOT NULL,
    "identityGeneration" BIGINT NOT NULL,
    "result" JSON NOT NULL, -- json, not jsonb: record key order (strata, stop reasons) is display order
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ComparisonCache_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "ComparisonCache_runIds_idx" ON "ComparisonCache" USING GIN ("runIds");
