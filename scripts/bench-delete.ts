// Delete benchmark: generates one run of N events directly in SQL into its own partition (fast, no ingest), then
// times hiding it (what the delete request waits for) and purging it (the background job).
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/loopscope_bench).
// Usage: npm run bench:delete -- [--events 6000000] [--events-per-trajectory 30] [--run ID (time an existing run instead)]
import { randomUUID } from "node:crypto";
import pg from "pg";
import { numberOption, useBenchDatabase } from "./bench-options";
import { PARTITIONED_TABLES, partitionName } from "@/lib/db/run-partitions";

async function generateRun(client: pg.Client, events: number, eventsPer: number): Promise<string> {
  const trajectories = Math.ceil(events / eventsPer);
  const [bundleId, suiteId, taskId, modelId, runId] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  await client.query(
    `INSERT INTO "Bundle" (id, "contentHash", "fileName", "sizeBytes", format) VALUES ($1, $2, 'bench-delete.jsonl', 0, 'loopscope-jsonl')`,
    [bundleId, `bench-delete:${bundleId}`],
  );
  await client.query(`INSERT INTO "Suite" (id, name, version, "definitionHash") VALUES ($1, $2, 'bench', 'x')`, [
    suiteId,
    `bench-delete-${suiteId}`,
  ]);
  await client.query(
    `INSERT INTO "Task" (id, "suiteId", "externalId", "definitionHash") VALUES ($1, $2, 'task-0', 'x')`,
    [taskId, suiteId],
  );
  await client.query(`INSERT INTO "Model" (id, name) VALUES ($1, $2)`, [modelId, `bench-delete-${modelId}`]);
  await client.query(
    `INSERT INTO "Run" (id, "bundleId", "suiteId", "modelId", "externalId", name, "sourceFormat") VALUES ($1, $2, $3, $4, 'bench', 'bench delete', 'loopscope-jsonl')`,
    [runId, bundleId, suiteId, modelId],
  );
  // The run's partitions, as ingest leaves them (attached, with the parent's indexes).
  for (const table of PARTITIONED_TABLES)
    await client.query(
      `CREATE TABLE "${partitionName(table, runId)}" PARTITION OF "${table}" FOR VALUES IN ('${runId}')`,
    );
  await client.query(
    `INSERT INTO "Trajectory" (id, "runId", "taskId", trial, "eventCount") SELECT $1 || '-' || g, $1, $2, g, $3 FROM generate_series(1, $4) g`,
    [runId, taskId, eventsPer, trajectories],
  );
  // Events in slices so one statement never holds millions of rows in memory.
  const slice = 20_000;
  for (let start = 1; start <= trajectories; start += slice) {
    await client.query(
      `INSERT INTO "Event" ("runId", "trajectoryId", seq, "turnIndex", kind, actor, "toolName", arguments, text)
       SELECT $1, $1 || '-' || t, s, s / 6, CASE WHEN s % 3 = 0 THEN 'tool_call' ELSE 'agent_message' END, 'agent',
              CASE WHEN s % 3 = 0 THEN 'lookup_order' END, CASE WHEN s % 3 = 0 THEN jsonb_build_object('order_id', 'A-' || t || '-' || s) END,
              'I found order A-' || t || '-' || s || '; the address is now ' || s || ' Pine St.'
       FROM generate_series($2::int, $3::int) t, generate_series(0, $4::int - 1) s`,
      [runId, start, Math.min(trajectories, start + slice - 1), eventsPer],
    );
    process.stdout.write(`\rgenerated ${Math.min(trajectories, start + slice - 1) * eventsPer} events`);
  }
  process.stdout.write("\n");
  await client.query(`ANALYZE "Event"`);
  await client.query(`ANALYZE "Trajectory"`);
  return runId;
}

async function main(): Promise<void> {
  const events = numberOption("events", 6_000_000);
  const eventsPer = numberOption("events-per-trajectory", 30);
  const url = await useBenchDatabase();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const existing = process.argv[process.argv.indexOf("--run") + 1];
  let runId = process.argv.includes("--run") && existing ? existing : "";
  if (runId) {
    // Generating millions of rows takes minutes: a run left by an interrupted benchmark can be timed again.
    await client.query(`UPDATE "Run" SET "deletedAt" = NULL WHERE id = $1`, [runId]);
  } else {
    const generateStarted = performance.now();
    runId = await generateRun(client, events, eventsPer);
    console.log(
      `generated run ${runId}: ${events} events in ${((performance.now() - generateStarted) / 1000).toFixed(1)} s`,
    );
  }
  const counted = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM "Event" WHERE "runId" = $1`, [
    runId,
  ]);
  const eventCount = Number(counted.rows[0]?.n ?? 0);
  console.log(`run ${runId}: ${eventCount} events`);
  await client.end();

  const { markRunDeleted, purgeDeletedRun } = await import("@/lib/db/delete-run");
  const { db } = await import("@/lib/db/client");
  // The first Prisma query of a process loads the query compiler; a server has done that long before.
  await db().run.count();
  const hideStarted = performance.now();
  await markRunDeleted({ runId });
  const hideMs = performance.now() - hideStarted;
  const purgeStarted = performance.now();
  let firstSliceSeconds = 0;
  const purged = await purgeDeletedRun({ runId }, () => {
    firstSliceSeconds ||= (performance.now() - purgeStarted) / 1000;
  });
  const purgeSeconds = (performance.now() - purgeStarted) / 1000;
  console.log(`hide (the request): ${hideMs.toFixed(0)} ms`);
  console.log(
    `purge (the background job): ${purgeSeconds.toFixed(1)} s for ${eventCount} events (${purged.partitions} partitions detached and dropped), ${purged.trajectories} trajectories; the partitions and the first slice of trajectories were gone after ${firstSliceSeconds.toFixed(1)} s`,
  );
  const { pgPool } = await import("@/lib/db/pool");
  await pgPool().end();
}

await main();
