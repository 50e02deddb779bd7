import type { Tx } from "./client";
import { bulkInsert, jsonOrNull, type Column } from "./bulk-insert";

export interface SuiteInput {
  name: string;
  version: string;
  domain: string | null;
  policy: string | null;
  tools: unknown;
  definitionHash: string;
}

/** Finds or creates the suite; ON CONFLICT makes concurrent ingests of one suite safe. */
export async function upsertSuite(tx: Tx, suite: SuiteInput): Promise<string> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "Suite" ("id", "name", "version", "domain", "policy", "tools", "definitionHash")
    VALUES (gen_random_uuid()::text, ${suite.name}, ${suite.version}, ${suite.domain}, ${suite.policy}, ${JSON.stringify(suite.tools)}::jsonb, ${suite.definitionHash})
    ON CONFLICT ("name", "version", "definitionHash") DO UPDATE SET "name" = EXCLUDED."name"
    RETURNING "id"`;
  const id = rows[0]?.id;
  if (!id) throw new Error("suite upsert returned no row");
  return id;
}

export interface TaskInput {
  externalId: string;
  definitionHash: string;
  goal: string | null;
  userFacts: unknown;
  initialState: unknown;
  expectedFinalState: unknown;
  requiredReplyInfo: string[];
  expectedBehavior: string | null;
  expectedActions: unknown;
  evaluationCriteria: unknown;
  requiresTools: boolean;
  persona: string | null;
  tags: string[];
  referenceConversation: unknown;
}

/** Returns externalId -> task id. Tasks are locked in id order so concurrent ingests cannot deadlock. */
export async function upsertTasks(tx: Tx, suiteId: string, tasks: TaskInput[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const sorted = [...tasks].sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));
  const chunkSize = 500;
  for (let start = 0; start < sorted.length; start += chunkSize) {
    const chunk = sorted.slice(start, start + chunkSize);
    const rows = await tx.$queryRawUnsafe<{ id: string; externalId: string }[]>(
      `INSERT INTO "Task" ("id", "suiteId", "externalId", "definitionHash", "goal", "userFacts", "initialState", "expectedFinalState",
         "requiredReplyInfo", "expectedBehavior", "expectedActions", "evaluationCriteria", "requiresTools", "persona", "tags", "referenceConversation")
       SELECT gen_random_uuid()::text, $1, t."externalId", t."definitionHash", t."goal", t."userFacts", t."initialState",
         t."expectedFinalState", ARRAY(SELECT jsonb_array_elements_text(t."requiredReplyInfo")), t."expectedBehavior",
         t."expectedActions", t."evaluationCriteria", t."requiresTools", t."persona", ARRAY(SELECT jsonb_array_elements_text(t."tags")),
         t."referenceConversation"
       FROM unnest($2::text[], $3::text[], $4::text[], $5::jsonb[], $6::jsonb[], $7::jsonb[],
         $8::jsonb[], $9::text[], $10::jsonb[], $11::jsonb[], $12::bool[], $13::text[], $14::jsonb[], $15::jsonb[])
         AS t("externalId", "definitionHash", "goal", "userFacts", "initialState", "expectedFinalState", "requiredReplyInfo",
              "expectedBehavior", "expectedActions", "evaluationCriteria", "requiresTools", "persona", "tags", "referenceConversation")
       ON CONFLICT ("suiteId", "externalId", "definitionHash") DO UPDATE SET "goal" = EXCLUDED."goal"
       RETURNING "id", "externalId"`,
      suiteId,
      chunk.map((t) => t.externalId),
      chunk.map((t) => t.definitionHash),
      chunk.map((t) => t.goal),
      chunk.map((t) => jsonOrNull(t.userFacts)),
      chunk.map((t) => jsonOrNull(t.initialState)),
      chunk.map((t) => jsonOrNull(t.expectedFinalState)),
      // text[] columns travel as JSON and are unpacked below: unnest cannot yield arrays of arrays.
      chunk.map((t) => JSON.stringify(t.requiredReplyInfo)),
      chunk.map((t) => t.expectedBehavior),
      chunk.map((t) => jsonOrNull(t.expectedActions)),
      chunk.map((t) => jsonOrNull(t.evaluationCriteria)),
      chunk.map((t) => t.requiresTools),
      chunk.map((t) => t.persona),
      chunk.map((t) => JSON.stringify(t.tags)),
      chunk.map((t) => jsonOrNull(t.referenceConversation)),
    );
    for (const row of rows) ids.set(row.externalId, row.id);
  }
  return ids;
}

export interface ModelInput {
  name: string;
  family: string | null;
  size: string | null;
}

export async function upsertModels(tx: Tx, models: ModelInput[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const unique = [...new Map(models.map((m) => [m.name, m])).values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const model of unique) {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "Model" ("id", "name", "family", "size") VALUES (gen_random_uuid()::text, ${model.name}, ${model.family}, ${model.size})
      ON CONFLICT ("name") DO UPDATE SET "family" = COALESCE("Model"."family", EXCLUDED."family"), "size" = COALESCE("Model"."size", EXCLUDED."size")
      RETURNING "id"`;
    const id = rows[0]?.id;
    if (!id) throw new Error(`model upsert returned no row for ${model.name}`);
    ids.set(model.name, id);
  }
  return ids;
}

export interface BundleRowInput {
  id: string;
  fileName: string;
  format: string;
  uploadedBy: string | null;
}

/** The bundle row is written first under a provisional hash so runs can reference it. */
export async function insertPendingBundle(tx: Tx, bundle: BundleRowInput): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "Bundle" ("id", "contentHash", "fileName", "sizeBytes", "format", "status", "uploadedBy")
    VALUES (${bundle.id}, ${`pending:${bundle.id}`}, ${bundle.fileName}, 0, ${bundle.format}, 'ingesting', ${bundle.uploadedBy})`;
}

export interface BundleFinal {
  id: string;
  contentHash: string;
  sizeBytes: number;
  counts: Record<string, number>;
  warnings: string[];
}

/**
 * Sets the real content hash last. If the same content was committed meanwhile (or is
 * being committed by a concurrent upload) the unique index rejects it: a duplicate.
 */
export async function finalizeBundle(tx: Tx, bundle: BundleFinal): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Bundle" SET "contentHash" = ${bundle.contentHash}, "sizeBytes" = ${bundle.sizeBytes}, "status" = 'ingested',
      "counts" = ${JSON.stringify(bundle.counts)}::jsonb, "warnings" = ${JSON.stringify(bundle.warnings)}::jsonb
    WHERE "id" = ${bundle.id}`;
}

export interface RunRow {
  id: string;
  bundleId: string;
  suiteId: string;
  modelId: string;
  externalId: string;
  name: string;
  variant: string;
  pairingKey: string | null;
  agentConfig: unknown;
  userSimulatorConfig: unknown;
  judgeConfig: unknown;
  sourceFormat: string;
  metadata: unknown;
}

const runColumns: Column<RunRow>[] = [
  { name: "id", type: "text", value: (r) => r.id },
  { name: "bundleId", type: "text", value: (r) => r.bundleId },
  { name: "suiteId", type: "text", value: (r) => r.suiteId },
  { name: "modelId", type: "text", value: (r) => r.modelId },
  { name: "externalId", type: "text", value: (r) => r.externalId },
  { name: "name", type: "text", value: (r) => r.name },
  { name: "variant", type: "text", value: (r) => r.variant },
  { name: "pairingKey", type: "text", value: (r) => r.pairingKey },
  { name: "agentConfig", type: "jsonb", value: (r) => jsonOrNull(r.agentConfig) },
  { name: "userSimulatorConfig", type: "jsonb", value: (r) => jsonOrNull(r.userSimulatorConfig) },
  { name: "judgeConfig", type: "jsonb", value: (r) => jsonOrNull(r.judgeConfig) },
  { name: "sourceFormat", type: "text", value: (r) => r.sourceFormat },
  { name: "metadata", type: "jsonb", value: (r) => jsonOrNull(r.metadata) },
];

export function insertRuns(tx: Tx, rows: RunRow[]): Promise<void> {
  return bulkInsert(tx, "Run", runColumns, rows);
}
