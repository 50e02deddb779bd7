import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { relationSizes } from "./relation-sizes";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });

beforeAll(async () => {
  await client.connect();
  await client.query(`DROP TABLE IF EXISTS bench_sizes_probe`);
  await client.query(
    `CREATE TABLE bench_sizes_probe (run int, id int, body text, PRIMARY KEY (run, id)) PARTITION BY LIST (run)`,
  );
  for (const run of [1, 2])
    await client.query(`CREATE TABLE bench_sizes_probe_${run} PARTITION OF bench_sizes_probe FOR VALUES IN (${run})`);
  // Bodies long enough to be TOASTed, so total > heap + indexes.
  await client.query(
    `INSERT INTO bench_sizes_probe SELECT 1 + i % 2, i, repeat(md5(i::text), 200) FROM generate_series(1, 2000) i`,
  );
});

afterAll(async () => {
  await client.query(`DROP TABLE IF EXISTS bench_sizes_probe`);
  await client.end();
});

describe("relationSizes", () => {
  it("sums a partitioned table's partitions, their indexes and TOAST", async () => {
    const sizes = await relationSizes(client, "bench_sizes_probe");
    const parts = await Promise.all([1, 2].map((run) => relationSizes(client, `bench_sizes_probe_${run}`)));
    expect(sizes.rows).toBe(2000);
    expect(parts.map((part) => part.rows)).toEqual([1000, 1000]);
    expect(sizes.total).toBe(parts[0]!.total + parts[1]!.total);
    expect(sizes.heap).toBeGreaterThan(0);
    expect(sizes.indexes).toBeGreaterThan(0);
    expect(sizes.total).toBeGreaterThan(sizes.heap + sizes.indexes);
  });

  it("reads a plain table as itself", async () => {
    const part = await relationSizes(client, "bench_sizes_probe_1");
    expect(part.rows).toBe(1000);
    expect(part.heap).toBeGreaterThan(0);
  });
});
