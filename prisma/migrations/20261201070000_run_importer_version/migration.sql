-- The importer version (lib/bundles/importer-version.ts) a run's rows were read with; older runs can be re-imported
-- from their raw upload. Runs stored before this column existed count as version 1.
ALTER TABLE "Run" ADD COLUMN "importerVersion" INTEGER NOT NULL DEFAULT 1;
