/**
 * Memory PostgreSQL may use to build one index when an ingest attaches a run's partitions (its default is 64 MB).
 * Search's trigram GIN index on Event dominates that build; with 256 MB it flushes its sorted entries far less often
 * (20,000 tau2 events: 6.0-7.0 s at 64 MB, 4.7 s at 256 MB, same table, same load). No imports: the benchmarks'
 * COPY anchor (scripts/copy-anchor.ts) uses the same value.
 */
export const ATTACH_MAINTENANCE_WORK_MEM = "256MB";
