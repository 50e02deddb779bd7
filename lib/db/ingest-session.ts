import type pg from "pg";
import { copySink, unnestSink, type Column, type RowSink } from "./bulk-insert";
import { isEmbeddedDatabase, pgPool } from "./pool";

/** One connection inside one transaction: every write of an ingest goes through it. */
export interface IngestSession {
  query<T extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  insertRows<Row>(table: string, columns: Column<Row>[], rows: Row[]): Promise<void>;
  /** Gathers rows for one write into `table` (COPY text made as rows are added, where COPY is available). */
  rowSink<Row>(table: string, columns: Column<Row>[]): RowSink<Row>;
}

/**
 * Runs `work` in a transaction on a raw pool connection (Prisma cannot COPY). Commits
 * when it resolves, rolls back when it throws: an ingest is all or nothing.
 */
export async function inIngestTransaction<T>(work: (session: IngestSession) => Promise<T>): Promise<T> {
  const client = await pgPool().connect();
  const sink = isEmbeddedDatabase() ? unnestSink : copySink;
  const session: IngestSession = {
    query: async (text, params) => (await client.query(text, params)).rows,
    insertRows: async (table, columns, rows) => {
      const rowsSink = sink(client, table, columns);
      for (const row of rows) rowsSink.add(row);
      await rowsSink.write();
    },
    rowSink: (table, columns) => sink(client, table, columns),
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
