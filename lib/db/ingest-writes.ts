import { jsonOrNull, textOrNull, type Column } from "./bulk-insert";
import type { IngestSession } from "./ingest-session";

export interface SuiteInput {
  name: string;
  version: string;
  domain: string | null;
  policy: string | null;
  tools: unknown;
  definitionHash: string;
}

/** Finds or creates the suite; ON CONFLICT makes concurrent ingests of one suite safe. */
export async function upsertSuite(tx: IngestSession, suite: SuiteInput): Promise<string> {
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO "Suite" ("id", "name", "version", "domain", "policy", "tools", "definitionHash")
     VALUES (gen_random_uuid()::text, $1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT ("name", "version", "definitionHash") DO UPDATE SET "name" = EXCLUDED."name"
     RETURNING "id"`,
    [
      textOrNull(suite.name),
      textOrNull(suite.version),
      textOrNull(suite.domain),
      textOrNull(suite.policy),
      jsonOrNull(suite.tools),
      suite.definitionHash,
    ],
  );
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
export async function upsertTasks(
  tx: IngestSession,
  suiteId: string,
  tasks: TaskInput[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const sorted = [...tasks].sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));
  const chunkSize = 500;
  for (let start = 0; start < sorted.length; start += chunkSize) {
    const chunk = sorted.slice(start, start + chunkSize);
    const rows = await tx.query<{ id: string; externalId: string }>(
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
      [
        suiteId,
        chunk.map((t) => t.externalId),
        chunk.map((t) => t.definitionHash),
        chunk.map((t) => textOrNull(t.goal)),
        chunk.map((t) => jsonOrNull(t.userFacts)),
        chunk.map((t) => jsonOrNull(t.initialState)),
        chunk.map((t) => jsonOrNull(t.expectedFinalState)),
        // text[] columns travel as JSON and are unpacked below: unnest cannot yield arrays of arrays.
        chunk.map((t) => jsonOrNull(t.requiredReplyInfo)),
        chunk.map((t) => textOrNull(t.expectedBehavior)),
        chunk.map((t) => jsonOrNull(t.expectedActions)),
        chunk.map((t) => jsonOrNull(t.evaluationCriteria)),
        chunk.map((t) => t.requiresTools),
        chunk.map((t) => textOrNull(t.persona)),
        chunk.map((t) => jsonOrNull(t.tags)),
        chunk.map((t) => jsonOrNull(t.referenceConversation)),
      ],
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

export async function upsertModels(tx: IngestSession, models: ModelInput[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const unique = [...new Map(models.map((m) => [m.name, m])).values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const model of unique) {
    const rows = await tx.query<{ id: string }>(
      `INSERT INTO "Model" ("id", "name", "family", "size") VALUES (gen_random_uuid()::text, $1, $2, $3)
       ON CONFLICT ("name") DO UPDATE SET "family" = COALESCE("Model"."family", EXCLUDED."family"), "size" = COALESCE("Model"."size", EXCLUDED."size")
       RETURNING "id"`,
      [textOrNull(model.name), textOrNull(model.family), textOrNull(model.size)],
    );
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
export async function insertPendingBundle(tx: IngestSession, bundle: BundleRowInput): Promise<void> {
  await tx.query(
    `INSERT INTO "Bundle" ("id", "contentHash", "fileName", "sizeBytes", "format", "status", "uploadedBy")
     VALUES ($1, $2, $3, 0, $4, 'ingesting', $5)`,
    [bundle.id, `pending:${bundle.id}`, textOrNull(bundle.fileName), bundle.format, bundle.uploadedBy],
  );
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
export async function finalizeBundle(tx: IngestSession, bundle: BundleFinal): Promise<void> {
  await tx.query(
    `UPDATE "Bundle" SET "contentHash" = $1, "sizeBytes" = $2, "status" = 'ingested', "counts" = $3::jsonb, "warnings" = $4::jsonb WHERE "id" = $5`,
    [bundle.contentHash, bundle.sizeBytes, JSON.stringify(bundle.counts), jsonOrNull(bundle.warnings), bundle.id],
  );
}

export interface RunRow {
  id: string;
  bundleId: string;
  suiteId: string;
  modelId: string;
  externalId: string;
  name: string;
  nameIsCustom: boolean;
  variant: string;
  pairingKey: string | null;
  agentConfig: unknown;
  userSimulatorConfig: unknown;
  judgeConfig: unknown;
  sourceFormat: string;
  metadata: unknown;
  tags: Record<string, string>;
  scoresVersion: number;
  importerVersion: number;
}

const runColumns: Column<RunRow>[] = [
  { name: "id", type: "text", value: (r) => r.id },
  { name: "bundleId", type: "text", value: (r) => r.bundleId },
  { name: "suiteId", type: "text", value: (r) => r.suiteId },
  { name: "modelId", type: "text", value: (r) => r.modelId },
  { name: "externalId", type: "text", value: (r) => textOrNull(r.externalId) },
  { name: "name", type: "text", value: (r) => textOrNull(r.name) },
  { name: "variant", type: "text", value: (r) => textOrNull(r.variant) },
  { name: "pairingKey", type: "text", value: (r) => textOrNull(r.pairingKey) },
  { name: "agentConfig", type: "jsonb", value: (r) => jsonOrNull(r.agentConfig) },
  { name: "userSimulatorConfig", type: "jsonb", value: (r) => jsonOrNull(r.userSimulatorConfig) },
  { name: "judgeConfig", type: "jsonb", value: (r) => jsonOrNull(r.judgeConfig) },
  { name: "sourceFormat", type: "text", value: (r) => r.sourceFormat },
  { name: "metadata", type: "jsonb", value: (r) => jsonOrNull(r.metadata) },
  { name: "tags", type: "jsonb", value: (r) => jsonOrNull(r.tags) },
  { name: "nameIsCustom", type: "bool", value: (r) => r.nameIsCustom },
  { name: "scoresVersion", type: "int4", value: (r) => r.scoresVersion },
  { name: "importerVersion", type: "int4", value: (r) => r.importerVersion },
];

export function insertRuns(tx: IngestSession, rows: RunRow[]): Promise<void> {
  return tx.insertRows("Run", runColumns, rows);
}
