import type { DbOrTx } from "./client";

export type SqlType = "text" | "int4" | "float8" | "bool" | "jsonb" | "timestamptz" | "text[]";

export interface Column<Row> {
  name: string;
  type: Exclude<SqlType, "text[]">;
  value: (row: Row) => string | number | boolean | null;
}

/**
 * Inserts many rows in one statement by passing one array per column to unnest():
 * a fixed number of parameters however many rows, and close to COPY in speed.
 */
export async function bulkInsert<Row>(tx: DbOrTx, table: string, columns: Column<Row>[], rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((column) => `"${column.name}"`).join(", ");
  const arrays = columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(", ");
  const sql = `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays})`;
  const values = columns.map((column) => rows.map((row) => column.value(row)));
  await tx.$executeRawUnsafe(sql, ...values);
}

export function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
