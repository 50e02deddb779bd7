import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

export type SqlType = "text" | "int4" | "float8" | "bool" | "jsonb" | "timestamptz";
export type SqlValue = string | number | boolean | null;

export interface Column<Row> {
  name: string;
  type: SqlType;
  value: (row: Row) => SqlValue;
}

/** JSON for a jsonb column; PostgreSQL rejects the NUL character, so it becomes U+FFFD. */
export function jsonOrNull(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value);
  if (!text.includes("\\u0000")) return text;
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === "string" ? inner.replaceAll("\u0000", "\uFFFD") : inner,
  );
}

/** Text for a text column, without the NUL character PostgreSQL cannot store. */
export function textOrNull(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  return value.includes("\u0000") ? value.replaceAll("\u0000", "\uFFFD") : value;
}

const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

function copyField(value: SqlValue): string {
  if (value === null) return "\\N";
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number")
    return Number.isFinite(value) ? String(value) : Number.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity";
  return value.replace(/[\\\t\n\r]/g, (char) => COPY_ESCAPES[char] ?? char);
}

/** COPY FROM STDIN in text format: the fastest way into a PostgreSQL server. */
export async function copyRows<Row>(
  client: pg.PoolClient,
  table: string,
  columns: Column<Row>[],
  rows: Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((column) => `"${column.name}"`).join(", ");
  // One buffer per ~1 MB: thousands of tiny socket writes cost more than building the text.
  const chunks: Buffer[] = [];
  let pending = "";
  for (const row of rows) {
    pending += `${columns.map((column) => copyField(column.value(row))).join("\t")}\n`;
    if (pending.length >= 1 << 20) {
      chunks.push(Buffer.from(pending));
      pending = "";
    }
  }
  if (pending.length > 0) chunks.push(Buffer.from(pending));
  await pipeline(Readable.from(chunks), client.query(copyFrom(`COPY "${table}" (${names}) FROM STDIN`)));
}

/**
 * INSERT ... SELECT FROM unnest(one array per column): a fixed number of parameters
 * however many rows. Used where COPY is unavailable (the embedded PGlite server).
 */
export async function unnestRows<Row>(
  client: pg.PoolClient,
  table: string,
  columns: Column<Row>[],
  rows: Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((column) => `"${column.name}"`).join(", ");
  const arrays = columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(", ");
  await client.query(
    `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays})`,
    columns.map((column) => rows.map((row) => column.value(row))),
  );
}
