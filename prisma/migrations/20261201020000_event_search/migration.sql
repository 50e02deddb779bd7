-- Search across traces (docs/search.md). One searchable document per event: its message text, tool name,
-- arguments and tool result (or error), cut at 20,000 characters so a huge tool result cannot exceed the
-- 1 MB tsvector limit or bloat the indexes.
--   words:     a stored generated column "searchVector" = to_tsvector('simple', document) with a GIN index, for
--              full-text matches (websearch_to_tsquery syntax, no stemming, so an id or an error code matches as
--              written). Stored rather than an expression index: a phrase query rechecks every candidate row, and a
--              common word is answered by walking the primary key; recomputing to_tsvector on each of those rows
--              cost most of a second per query on a million events.
--   substring: a pg_trgm GIN index on the document expression, for case-insensitive substring matches
--              (ILIKE '%...%'), e.g. part of an order id.
-- Prisma's schema does not list "searchVector": the database fills it and only lib/db/search.ts reads it.
-- pg_trgm ships with PostgreSQL's contrib and with PGlite (@electric-sql/pglite/contrib/pg_trgm, loaded wherever
-- PGlite is opened). Plain CREATE INDEX / ALTER TABLE (no CONCURRENTLY) so the DDL also works when "Event" is
-- partitioned: the column and the indexes are then created on every partition.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE OR REPLACE FUNCTION loopscope_event_document(body text, tool text, args jsonb, result jsonb)
RETURNS text
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
AS $$
  SELECT left(coalesce(body, '') || ' ' || coalesce(tool, '') || ' ' || coalesce(args::text, '') || ' ' || coalesce(result::text, ''), 20000)
$$;

-- Adding a stored column rewrites the table once (existing events get their vector here).
ALTER TABLE "Event" ADD COLUMN "searchVector" tsvector
  GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, loopscope_event_document("text", "toolName", "arguments", "output"))) STORED;

CREATE INDEX "Event_search_words_idx" ON "Event" USING gin ("searchVector");

CREATE INDEX "Event_search_substring_idx" ON "Event"
  USING gin (loopscope_event_document("text", "toolName", "arguments", "output") gin_trgm_ops);
