-- Search across traces (docs/search.md). One searchable document per event: its message text, tool name,
-- arguments and tool result (or error), cut at 20,000 characters so a huge tool result cannot exceed the
-- 1 MB tsvector limit or bloat the indexes. Two GIN indexes over that same expression:
--   words:     to_tsvector('simple', ...) for full-text matches (websearch_to_tsquery syntax, no stemming,
--              so an id or an error code matches as written);
--   substring: pg_trgm for case-insensitive substring matches (ILIKE '%...%'), e.g. part of an order id.
-- pg_trgm ships with PostgreSQL's contrib and with PGlite (@electric-sql/pglite/contrib/pg_trgm, loaded wherever
-- PGlite is opened). Plain CREATE INDEX (no CONCURRENTLY) so the DDL also works when "Event" is partitioned:
-- an index on a partitioned table is created on every partition.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE OR REPLACE FUNCTION loopscope_event_document(body text, tool text, args jsonb, result jsonb)
RETURNS text
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
AS $$
  SELECT left(coalesce(body, '') || ' ' || coalesce(tool, '') || ' ' || coalesce(args::text, '') || ' ' || coalesce(result::text, ''), 20000)
$$;

CREATE INDEX "Event_search_words_idx" ON "Event"
  USING gin (to_tsvector('simple'::regconfig, loopscope_event_document("text", "toolName", "arguments", "output")));

CREATE INDEX "Event_search_substring_idx" ON "Event"
  USING gin (loopscope_event_document("text", "toolName", "arguments", "output") gin_trgm_ops);
