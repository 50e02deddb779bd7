-- Upload options (tags, variant, pair, Inspect scorer) travel with the stored upload to the ingest job.
ALTER TABLE "Upload" ADD COLUMN "options" JSONB NOT NULL DEFAULT '{}';
