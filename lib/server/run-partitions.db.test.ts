import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { deleteRunCascade } from "@/lib/db/delete-run";
import { ATTACH_MAINTENANCE_WORK_MEM } from "@/lib/db/index-build";
import { inIngestTransaction } from "@/lib/db/ingest-session";
import { attachRunPartitions, partitionName } from "@/lib/db/run-partitions";
import { chunksOf, makeBundle, makeTrajectory, makeTurnPrediction, toJsonl } from "@/lib/testing/factories";
import { ingestBundle } from "./ingest-bundle";

async function storeRun(trials: number): Promise<string> {
  const bundle = makeBundle({
    trajectories: Array.from({ length: trials }, (_, index) => makeTrajectory({ trial: index + 1 })),
    turnPredictions: [makeTurnPrediction({ turn: 1 })],
  });
  const result = await ingestBundle({ chunks: chunksOf(toJsonl(bundle)), fileName: "partitioned.jsonl" });
  if (result.kind !== "stored") throw new Error(`not stored: ${JSON.stringify(result)}`);
  return result.runs[0]?.id ?? "";
}

async function indexesOf(table: string): Promise<string[]> {
  const rows = await db().$queryRaw<{ indexdef: string }[]>`SELECT indexdef FROM pg_indexes WHERE tablename = ${table}`;
  return rows.map((row) => row.indexdef);
}

async function tableExists(table: string): Promise<boolean> {
  const rows = await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_class WHERE relname = ${table}`;
  return (rows[0]?.n ?? 0) > 0;
}

describe("per-run partitions", () => {
  it("stores a run's events and predictions in its own partitions, with every index of the parent, even one added later", async () => {
    // As search's GIN indexes will be: created on the parent after partitions existed, inherited by new ones.
    await db().$executeRawUnsafe(`CREATE INDEX "Event_partition_probe_idx" ON "Event" ("kind")`);
    try {
      const runId = await storeRun(3);
      const events = partitionName("Event", runId);
      const counted = await db().$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${events}"`);
      expect(counted[0]?.n).toBe(await db().event.count({ where: { runId } }));
      expect(counted[0]?.n).toBeGreaterThan(0);
      const eventIndexes = await indexesOf(events);
      expect(eventIndexes.some((def) => def.includes("UNIQUE") && def.includes('("runId", "trajectoryId", seq)'))).toBe(
        true,
      );
      expect(eventIndexes.some((def) => def.includes("(kind)"))).toBe(true);
      const predictions = partitionName("TurnPrediction", runId);
      expect(await db().turnPrediction.count({ where: { runId } })).toBe(1);
      expect((await indexesOf(predictions)).length).toBe(3);
    } finally {
      await db().$executeRawUnsafe(`DROP INDEX "Event_partition_probe_idx"`);
    }
  });

  it("reads only the run's partition for a query scoped by run", async () => {
    const [runA, runB] = [await storeRun(2), await storeRun(2)];
    const trajectory = await db().trajectory.findFirstOrThrow({ where: { runId: runA }, select: { id: true } });
    const plan = await db().$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN SELECT * FROM "Event" WHERE "runId" = '${runA}' AND "trajectoryId" = '${trajectory.id}' ORDER BY seq`,
    );
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain(partitionName("Event", runA));
    expect(text).not.toContain(partitionName("Event", runB));
    expect(text.match(/Event_[0-9a-f]{32}/g)?.every((name) => name === partitionName("Event", runA))).toBe(true);
  });

  it("drops a purged run's partitions whole and leaves the other runs' rows", async () => {
    const [kept, purged] = [await storeRun(2), await storeRun(4)];
    const keptEvents = await db().event.count({ where: { runId: kept } });
    expect(await tableExists(partitionName("Event", purged))).toBe(true);
    await deleteRunCascade({ runId: purged });
    expect(await tableExists(partitionName("Event", purged))).toBe(false);
    expect(await tableExists(partitionName("TurnPrediction", purged))).toBe(false);
    expect(await db().event.count({ where: { runId: purged } })).toBe(0);
    expect(await db().trajectory.count({ where: { runId: purged } })).toBe(0);
    expect(await db().event.count({ where: { runId: kept } })).toBe(keptEvents);
  });

  it("builds the attached partitions' indexes with more memory, for that transaction only", async () => {
    const inside = await inIngestTransaction(async (tx) => {
      const before = await tx.query<{ maintenance_work_mem: string }>("SHOW maintenance_work_mem");
      await attachRunPartitions(tx, []);
      const after = await tx.query<{ maintenance_work_mem: string }>("SHOW maintenance_work_mem");
      return { before: before[0]?.maintenance_work_mem, after: after[0]?.maintenance_work_mem };
    });
    expect(inside.after).toBe(ATTACH_MAINTENANCE_WORK_MEM);
    expect(inside.before).not.toBe(ATTACH_MAINTENANCE_WORK_MEM);
    const later = await inIngestTransaction((tx) =>
      tx.query<{ maintenance_work_mem: string }>("SHOW maintenance_work_mem"),
    );
    expect(later[0]?.maintenance_work_mem).toBe(inside.before);
  });
});
