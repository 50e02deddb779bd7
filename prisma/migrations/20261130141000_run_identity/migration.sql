-- Run identity: key=value tags, and whether the run's name was set by a person (a set name wins over the built display name).
ALTER TABLE "Run" ADD COLUMN "tags" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "Run" ADD COLUMN "nameIsCustom" BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX "Run_tags_idx" ON "Run" USING GIN ("tags" jsonb_path_ops);
-- Runs stored before this migration carry names a person or a bundle chose unless an importer wrote them.
UPDATE "Run" SET "nameIsCustom" = true WHERE "sourceFormat" NOT IN ('tau2', 'tau2-archive', 'tau-bench');
