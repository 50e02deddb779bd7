import pg from "pg";

const TABLES = ["Bundle", "Suite", "Task", "Model", "Run", "Trajectory", "Event", "TurnPrediction"] as const;

/** Row counts of every table, read over a separate connection, to prove an ingest left nothing behind. */
export async function tableCounts(): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const result = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${table}"`);
      counts[table] = Number(result.rows[0]?.n ?? 0);
    }
    return counts;
  } finally {
    await client.end();
  }
}
