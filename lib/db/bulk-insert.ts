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

/** Bytes per Buffer handed to the COPY stream: few socket writes, and no large strings. */
const COPY_CHUNK_BYTES = 256 * 1024;
const FIRST_CHUNK_BYTES = 16 * 1024;

const TAB = 0x09;
const NEWLINE = 0x0a;

/**
 * Encodes rows as COPY text, field by field, straight into Buffers of about COPY_CHUNK_BYTES. Building one ~1 MB string
 * per chunk (as before) put each in V8's large-object space, old-generation garbage that only a full collection
 * frees: the server's RSS grew by that much per batch. A row is not joined into a line first either (that was a fifth
 * of what an ingest allocated): COPY reads its input as one byte stream, so a row may run on into the next chunk.
 * Only a field is kept whole, so no UTF-8 character is split.
 */
export class CopyEncoder<Row> {
  private readonly full: Buffer[] = [];
  private buffer = Buffer.alloc(0);
  private used = 0;
  /**
   * Chunks start small and double up to COPY_CHUNK_BYTES: a batch holds one encoder per run's partition, and a bundle
   * of many small runs would otherwise hold a mostly empty 256 KiB chunk for each.
   */
  private nextBytes = FIRST_CHUNK_BYTES;

  constructor(private readonly columns: Column<Row>[]) {}

  add(row: Row): void {
    const { columns } = this;
    for (let index = 0; index < columns.length; index += 1) {
      const text = copyField((columns[index] as Column<Row>).value(row));
      // At most 3 UTF-8 bytes per UTF-16 code unit, and one for the separator after it.
      this.reserve(text.length * 3 + 1);
      this.used += this.buffer.write(text, this.used);
      this.buffer[this.used++] = index === columns.length - 1 ? NEWLINE : TAB;
    }
  }

  /** Makes room for `bytes` more in the current chunk, starting a new one (big enough) when it has too little. */
  private reserve(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    if (this.used > 0) this.full.push(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.allocUnsafe(Math.max(this.nextBytes, bytes));
    this.nextBytes = Math.min(COPY_CHUNK_BYTES, this.nextBytes * 2);
    this.used = 0;
  }

  /** Every chunk so far, the last one partly filled (none when no row was added); the encoder starts afresh. */
  finish(): Buffer[] {
    const chunks = this.full.splice(0);
    if (this.used > 0) chunks.push(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.alloc(0);
    this.used = 0;
    this.nextBytes = FIRST_CHUNK_BYTES;
    return chunks;
  }
}

function copyStatement<Row>(table: string, columns: Column<Row>[]): string {
  return `COPY "${table}" (${columns.map((column) => `"${column.name}"`).join(", ")}) FROM STDIN`;
}

/** Rows of one table gathered for one write. */
export interface RowSink<Row> {
  add(row: Row): void;
  readonly rows: number;
  write(): Promise<void>;
}

/**
 * A sink that encodes each row as COPY text when it is added, so a batch waits as Buffers outside V8's heap (not as
 * row objects that survive into its old generation and must be traced by every full collection), and its write is
 * only I/O: PostgreSQL is fed as fast as it reads, however busy the parser keeps this thread. COPY FROM STDIN in
 * text format is the fastest way into a PostgreSQL server.
 */
export function copySink<Row>(client: pg.PoolClient, table: string, columns: Column<Row>[]): RowSink<Row> {
  const encoder = new CopyEncoder(columns);
  let rows = 0;
  return {
    add(row) {
      encoder.add(row);
      rows += 1;
    },
    get rows() {
      return rows;
    },
    async write() {
      const chunks = encoder.finish();
      if (rows === 0) return;
      await pipeline(
        Readable.from(chunks, { objectMode: true }),
        client.query(copyFrom(copyStatement(table, columns))),
      );
    },
  };
}

/** A sink that keeps the rows and writes them with unnestRows (PGlite, which has no COPY). */
export function unnestSink<Row>(client: pg.PoolClient, table: string, columns: Column<Row>[]): RowSink<Row> {
  const kept: Row[] = [];
  return {
    add: (row) => kept.push(row),
    get rows() {
      return kept.length;
    },
    write: () => unnestRows(client, table, columns, kept),
  };
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
