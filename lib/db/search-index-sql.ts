/**
 * Search's two indexes on one Event partition: words (the stored tsvector) and substrings (trigrams of the document).
 * The substring expression must match lib/db/search.ts's DOCUMENT exactly, or searches cannot use it. Index names are
 * the partition's name plus a suffix (migration 20261202000000_search_indexes_per_run names existing runs' the same
 * way). No imports: the benchmarks' COPY anchor (scripts/copy-anchor.ts) builds the same indexes.
 */
export function searchIndexStatements(partition: string): string[] {
  return [
    `CREATE INDEX IF NOT EXISTS "${partition}_search_words" ON "${partition}" USING gin ("searchVector")`,
    `CREATE INDEX IF NOT EXISTS "${partition}_search_substring" ON "${partition}"
       USING gin (loopscope_event_document("text", "toolName", "arguments", "output") gin_trgm_ops)`,
  ];
}
