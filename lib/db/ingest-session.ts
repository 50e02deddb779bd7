import type pg from "pg";
import { copyRows, unnestRows, type Column } from "./bulk-insert";
import { isEmbeddedDatabase, pgPool } from "./pool";

/** One connection inside one transaction: every write of an ingest goes through it. */
export interface IngestSession {
  query<T extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  insertRows<Row>(table: string, columns: Column<Row>[], rows: Row[]): Promise<void>;
}

/**
 * Runs `work` in a transaction on a raw pool connection (Prisma cannot COPY). Commits
 * when it resolves, rolls back when it throws: an ingest is all or nothing.
 */
export async function inIngestTransaction<T>(work: (session: IngestSession) => Promise<T>): Promise<T> {
  const client = await pgPool().connect();
  const insert = isEmbeddedDatabase() ? unnestRows : copyRows;
  const session: IngestSession = {
    query: async (text, params) => (await client.query(text, params)).rows,
    insertRows: (table, columns, rows) => insert(client, table, columns, rows),
  };
  let broken = false;
  try {
    await client.query("BEGIN");
    const result = await work(session);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
