-- Search's two GIN indexes move from the partitioned "Event" to each run's partition, built after the run is shown
-- (docs/search.md, "Indexing after upload"). On the parent they were built by ATTACH inside the ingest transaction:
-- 200,000 tau2 events took 17 s of index building (15.9 s of it the trigram index) before the run could appear. An
-- index that exists only on a partition is still used for that partition when the parent is queried.
--   "searchIndexedAt" is set when both indexes exist on the run's Event partition; search reads only such runs and
--   names the others as still being indexed. NULL for a run just ingested or re-imported.
ALTER TABLE "Run" ADD COLUMN "searchIndexedAt" TIMESTAMP(3);

-- Dropping the parent's (partitioned) indexes drops every partition's copy with them.
DROP INDEX "Event_search_words_idx";
DROP INDEX "Event_search_substring_idx";

-- Every existing partition gets its own pair, named as lib/db/run-search-index.ts names them, so existing runs stay
-- searchable without waiting for a job.
DO $$
DECLARE
  part TEXT;
BEGIN
  FOR part IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = '"Event"'::regclass
  LOOP
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I USING gin ("searchVector")', part || '_search_words', part);
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS %I ON %I USING gin (loopscope_event_document("text", "toolName", "arguments", "output") gin_trgm_ops)',
      part || '_search_substring', part);
  END LOOP;
END $$;

UPDATE "Run" SET "searchIndexedAt" = CURRENT_TIMESTAMP;
