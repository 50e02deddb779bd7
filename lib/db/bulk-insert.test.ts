import { describe, expect, it } from "vitest";
import { CopyEncoder, type Column } from "./bulk-insert";

interface Row {
  id: number;
  text: string | null;
  ok: boolean;
}

const columns: Column<Row>[] = [
  { name: "id", type: "int4", value: (row) => row.id },
  { name: "text", type: "text", value: (row) => row.text },
  { name: "ok", type: "bool", value: (row) => row.ok },
];

/** The chunks an encoder gives for `rows`. */
function copyChunks(rows: Row[], encoder = new CopyEncoder(columns)): Buffer[] {
  for (const row of rows) encoder.add(row);
  return encoder.finish();
}

describe("CopyEncoder", () => {
  it("writes COPY text rows across chunk boundaries, escaping tabs, newlines and backslashes, multi-byte text intact", () => {
    const rows: Row[] = Array.from({ length: 20_000 }, (_, id) => ({
      id,
      text: id % 7 === 0 ? null : `héllo\twörld ${"€".repeat(id % 13)}\\n\n${id}`,
      ok: id % 2 === 0,
    }));
    const chunks = copyChunks(rows);
    expect(chunks.length).toBeGreaterThan(1);
    const lines = Buffer.concat(chunks).toString("utf8").split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(rows.length);
    expect(lines[0]).toBe("0\t\\N\tt");
    expect(lines[12]).toBe(`12\théllo\\twörld ${"€".repeat(12)}\\\\n\\n12\tt`);
    expect(lines[19_998]).toBe(`19998\théllo\\twörld ${"€".repeat(19_998 % 13)}\\\\n\\n19998\tt`);
  });

  it("gives a row longer than a chunk a buffer of its own size", () => {
    const long = "x".repeat(600_000);
    const chunks = [
      ...copyChunks([
        { id: 1, text: "a", ok: true },
        { id: 2, text: long, ok: false },
      ]),
    ];
    expect(Buffer.concat(chunks).toString("utf8")).toBe(`1\ta\tt\n2\t${long}\tf\n`);
  });

  it("yields nothing for no rows", () => {
    expect(copyChunks([])).toEqual([]);
  });

  it("never splits a field, so no multi-byte character is cut; a row may run on into the next chunk", () => {
    const rows: Row[] = Array.from({ length: 5_000 }, (_, id) => ({ id, text: "€".repeat(1 + (id % 97)), ok: true }));
    const chunks = copyChunks(rows);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(Buffer.from(chunk.toString("utf8"), "utf8").equals(chunk)).toBe(true);
    expect(chunks.some((chunk) => chunk.at(-1) !== 0x0a)).toBe(true);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(rows.map((row) => `${row.id}\t${row.text}\tt\n`).join(""));
  });

  it("encodes as rows are added, then starts afresh", () => {
    const rows: Row[] = Array.from({ length: 30_000 }, (_, id) => ({ id, text: "x".repeat(id % 50), ok: true }));
    const encoder = new CopyEncoder(columns);
    const pieces = copyChunks(rows, encoder);
    expect(pieces.length).toBeGreaterThan(1);
    expect(Buffer.concat(pieces).toString("utf8")).toBe(rows.map((row) => `${row.id}\t${row.text}\tt\n`).join(""));
    expect(encoder.finish()).toEqual([]);
    encoder.add({ id: 7, text: null, ok: false });
    const [small, ...more] = encoder.finish();
    expect(more).toEqual([]);
    expect(small?.toString("utf8")).toBe("7\t\\N\tf\n");
    // A sink with a few rows holds a small chunk, not a full one (one encoder per run's partition in a batch).
    expect(small?.buffer.byteLength).toBeLessThanOrEqual(16 * 1024);
  });
});
