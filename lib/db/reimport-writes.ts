import { jsonOrNull, textOrNull } from "./bulk-insert";
import type { IngestSession } from "./ingest-session";

/** What a re-import keeps of a run: its id and everything people chose for it. */
export interface KeptRun {
  id: string;
  externalId: string;
  name: string;
  nameIsCustom: boolean;
  variant: string;
  pairingKey: string | null;
  tags: Record<string, string>;
}

/**
 * Locks the bundle for the re-import transaction, so two re-imports of one bundle (or a re-import and a
 * purge) run one after the other. Returns false when the bundle is gone.
 */
export async function lockBundleForReimport(tx: IngestSession, bundleId: string): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(`SELECT "id" FROM "Bundle" WHERE "id" = $1 FOR UPDATE`, [bundleId]);
  return rows.length > 0;
}

export function trajectoryKey(runId: string, taskExternalId: string, trial: number): string {
  return `${runId}\u0000${taskExternalId}\u0000${trial}`;
}

/**
 * Removes the per-trajectory rows of the runs and their leaderboard row,
 * returning the old trajectory ids by run, task and trial so the new rows can take them over: links to a
 * trajectory and the study items that point at it stay valid.
 */
export async function clearRunRows(tx: IngestSession, runIds: string[]): Promise<Map<string, string>> {
  const old = await tx.query<{ id: string; runId: string; taskExternalId: string; trial: number }>(
    `SELECT t."id", t."runId", k."externalId" AS "taskExternalId", t."trial"
     FROM "Trajectory" t JOIN "Task" k ON k."id" = t."taskId" WHERE t."runId" = ANY($1::text[])`,
    [runIds],
  );
  // Event and TurnPrediction are partitioned by run: these deletes touch only the runs' own partitions.
  await tx.query(`DELETE FROM "Event" WHERE "runId" = ANY($1::text[])`, [runIds]);
  await tx.query(`DELETE FROM "TurnPrediction" WHERE "runId" = ANY($1::text[])`, [runIds]);
  // Uploaded judge reviews' verdicts would go with their trajectories: kept aside, put back by restoreJudgeLabels.
  await tx.query(
    `CREATE TEMP TABLE "reimportJudgeLabels" ON COMMIT DROP AS
     SELECT j.* FROM "JudgeLabel" j JOIN "Trajectory" t ON t."id" = j."trajectoryId"
     WHERE t."runId" = ANY($1::text[]) AND j."bundleId" IS NOT NULL`,
    [runIds],
  );
  await tx.query(`DELETE FROM "Trajectory" WHERE "runId" = ANY($1::text[])`, [runIds]);
  await tx.query(`DELETE FROM "LeaderboardSummary" WHERE "runId" = ANY($1::text[])`, [runIds]);
  return new Map(old.map((row) => [trajectoryKey(row.runId, row.taskExternalId, row.trial), row.id]));
}

export interface ReimportedRun {
  id: string;
  suiteId: string;
  modelId: string;
  agentConfig: unknown;
  userSimulatorConfig: unknown;
  judgeConfig: unknown;
  sourceFormat: string;
  metadata: unknown;
  scoresVersion: number;
  importerVersion: number;
}

/** Refreshes what the importer derives; name, variant, pairing key and tags are left as they are. */
export async function updateReimportedRun(tx: IngestSession, run: ReimportedRun): Promise<void> {
  await tx.query(
    `UPDATE "Run" SET "suiteId" = $2, "modelId" = $3, "agentConfig" = $4::jsonb, "userSimulatorConfig" = $5::jsonb,
       "judgeConfig" = $6::jsonb, "sourceFormat" = $7, "metadata" = $8::jsonb, "scoresVersion" = $9, "importerVersion" = $10,
       "metricsCache" = NULL, "metricsComputedAt" = NULL
     WHERE "id" = $1`,
    [
      run.id,
      run.suiteId,
      run.modelId,
      jsonOrNull(run.agentConfig),
      jsonOrNull(run.userSimulatorConfig),
      jsonOrNull(run.judgeConfig),
      run.sourceFormat,
      jsonOrNull(run.metadata),
      run.scoresVersion,
      run.importerVersion,
    ],
  );
}

export async function updateReimportedBundle(
  tx: IngestSession,
  bundle: { id: string; format: string; counts: Record<string, number>; warnings: string[] },
): Promise<void> {
  await tx.query(`UPDATE "Bundle" SET "format" = $2, "counts" = $3::jsonb, "warnings" = $4::jsonb WHERE "id" = $1`, [
    bundle.id,
    textOrNull(bundle.format),
    JSON.stringify(bundle.counts),
    jsonOrNull(bundle.warnings),
  ]);
}

/**
 * Study items whose trajectory the new import no longer has under its old id (set null by the delete)
 * are linked again by run, task and trial, which the item froze at creation.
 */
export async function relinkStudyItems(tx: IngestSession, runIds: string[]): Promise<void> {
  await tx.query(
    `UPDATE "StudyItem" s SET "trajectoryId" = t."id"
     FROM "Trajectory" t JOIN "Task" k ON k."id" = t."taskId"
     WHERE s."trajectoryId" IS NULL AND s."runId" = ANY($1::text[])
       AND t."runId" = s."runId" AND k."externalId" = s."taskExternalId" AND t."trial" = s."trial"`,
    [runIds],
  );
}

/** Puts back the judge-review verdicts clearRunRows kept, on the trajectories the re-import gave the same id. */
export async function restoreJudgeLabels(tx: IngestSession): Promise<void> {
  await tx.query(
    `INSERT INTO "JudgeLabel" SELECT k.* FROM "reimportJudgeLabels" k
     WHERE EXISTS (SELECT 1 FROM "Trajectory" t WHERE t."id" = k."trajectoryId")`,
  );
  await tx.query(`DROP TABLE "reimportJudgeLabels"`);
}
