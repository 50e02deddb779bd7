import pg from "pg";

const TABLES = [
  "Bundle",
  "Suite",
  "Task",
  "Model",
  "Run",
  "Trajectory",
  "Event",
  "TurnPrediction",
  "JudgeLabel",
] as const;

/** Row counts of every table (and the number of per-run partition tables), read over a separate connection, to prove an ingest left nothing behind. */
export async function tableCounts(connectionString = process.env.DATABASE_URL): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const result = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${table}"`);
      counts[table] = Number(result.rows[0]?.n ?? 0);
    }
    // A rolled-back ingest must not leave a run's partition table behind either.
    const partitions = await client.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM pg_class WHERE relkind = 'r' AND (relname LIKE 'Event\\_%' OR relname LIKE 'TurnPrediction\\_%')`,
    );
    counts.partitionTables = Number(partitions.rows[0]?.n ?? 0);
    return counts;
  } finally {
    await client.end();
  }
}
