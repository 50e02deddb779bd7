import type pg from "pg";

export interface RelationSizes {
  rows: number;
  /** Heap, indexes, TOAST and maps of the table and every partition below it. */
  total: number;
  heap: number;
  indexes: number;
}

/**
 * Sizes of a table summed over its partition tree: since Event and TurnPrediction are partitioned per run, the
 * parent alone is empty (bench:rows printed "Event: 0 B/row"). a plain table is its own tree of one.
 */
export async function relationSizes(client: pg.Client, table: string): Promise<RelationSizes> {
  const { rows } = await client.query<{ n: string; total: string; heap: string; indexes: string }>(
    `SELECT (SELECT count(*) FROM "${table.replaceAll('"', '""')}")::text AS n,
            coalesce(sum(pg_total_relation_size(relid)), 0)::text AS total,
            coalesce(sum(pg_relation_size(relid)), 0)::text AS heap,
            coalesce(sum(pg_indexes_size(relid)), 0)::text AS indexes
       FROM (SELECT relid FROM pg_partition_tree($1::regclass) UNION SELECT $1::regclass) AS tree`,
    [`"${table.replaceAll('"', '""')}"`],
  );
  const row = rows[0];
  return {
    rows: Number(row?.n ?? 0),
    total: Number(row?.total ?? 0),
    heap: Number(row?.heap ?? 0),
    indexes: Number(row?.indexes ?? 0),
  };
}
