-- Poison uploads (issue 34): an attempt still open when the next one starts lost its worker; two such deaths refuse
-- the upload instead of retrying it.
ALTER TABLE "Upload" ADD COLUMN "attemptOpen" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Upload" ADD COLUMN "workerDeaths" INTEGER NOT NULL DEFAULT 0;
