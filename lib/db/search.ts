import type pg from "pg";
import { db, type DbOrTx } from "./client";
import { pgPool } from "./pool";

/** Must match the substring index expression of lib/db/search-index-sql.ts exactly, or it is not used. */
const DOCUMENT = `loopscope_event_document(e."text", e."toolName", e."arguments", e."output")`;
/** Longest slice of each field sent back for snippets: enough for a window around a hit in the indexed part. */
const FIELD_SLICE = 20000;

export interface EventSearchParams {
  /** websearch_to_tsquery syntax over the 'simple' configuration (words, "phrases", or, -word). */
  words: string;
  /** An ILIKE pattern for the substring index, or null to match words only. */
  substringPattern: string | null;
  suiteId?: string;
  runId?: string;
  modelId?: string;
  kind?: string;
  actor?: string;
  outcome?: "success" | "failure" | "unknown";
  errored?: boolean;
  /** At most this many matches are found, ordered and paged. */
  cap: number;
  limit: number;
  offset: number;
}

export interface EventSearchRow {
  runId: string;
  runName: string;
  suiteName: string;
  suiteVersion: string;
  modelName: string;
  trajectoryId: string;
  taskExternalId: string;
  trial: number;
  success: boolean | null;
  seq: number;
  turnIndex: number;
  kind: string;
  actor: string;
  toolName: string | null;
  isError: boolean;
  text: string | null;
  argumentsText: string | null;
  outputText: string | null;
}

const OUTCOME_CLAUSES = {
  success: `t.success IS TRUE`,
  failure: `t.success IS FALSE`,
  unknown: `t.success IS NULL`,
} as const;

export interface EventSearchPage {
  rows: EventSearchRow[];
  /** Matches found, counted up to `cap`; `capped` when there are more. */
  matches: number;
  capped: boolean;
  /** Runs the filters select whose search indexes are still being built: not searched, and named as such. */
  pendingRuns: { id: string; name: string }[];
}

/**
 * One page of events matching the query (full-text OR literal substring) in runs that are not deleted.
 * The first `cap` matches found through the two GIN indexes are ordered by trajectory and position and paged.
 * Plain index scans and sequential scans are switched off for the statement: the planner cannot estimate how many
 * rows an ILIKE or a tsquery matches, and guessing wrong turned a rare id into a walk over every event (16 s on a
 * million); bitmap scans of the GIN indexes cost what the matches cost, and the cap bounds a common word.
 * Without parallel workers a bitmap scan returns rows in storage order, so the capped set is the same on every page.
 */
export async function searchEvents(params: EventSearchParams): Promise<EventSearchPage> {
  if (params.substringPattern) {
    // The trigram scan of a long, common token costs more than everything else; when the words alone already
    // match more than the cap, the capped page is as complete without it.
    const words = await searchCapped({ ...params, substringPattern: null });
    if (words.capped) return words;
  }
  return searchCapped(params);
}

async function searchCapped(params: EventSearchParams): Promise<EventSearchPage> {
  return inBitmapOnlyTransaction(async (client) => {
    // The runs the search may read, decided first: the event scan then names them, so suite, model and run filters
    // prune partitions, and no join to "Run" or "Trajectory" (a hash of every trajectory) sits under the cap.
    const { runIds, pendingRuns } = await searchableRuns(client, params);
    if (runIds.length === 0) return { rows: [], matches: 0, capped: false, pendingRuns };
    const values: unknown[] = [params.words, runIds];
    const bind = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const match = [`e."searchVector" @@ websearch_to_tsquery('simple'::regconfig, $1)`];
    if (params.substringPattern) match.push(`${DOCUMENT} ILIKE ${bind(params.substringPattern)}`);
    // Conditions on the event alone are applied inside a fenced subquery (OFFSET 0): with one partition per run the
    // planner would otherwise drive the search from another table and scan every event of every partition through
    // its primary key (minutes on a test database of 600 runs) instead of using each partition's search indexes.
    const eventClauses = [`(${match.join(" OR ")})`, `e."runId" = ANY($2::text[])`];
    if (params.kind) eventClauses.push(`e.kind = ${bind(params.kind)}`);
    if (params.actor) eventClauses.push(`e.actor = ${bind(params.actor)}`);
    if (params.errored) eventClauses.push(`e."isError" IS TRUE`);
    const outcomeJoin = params.outcome
      ? `JOIN "Trajectory" t ON t.id = e."trajectoryId" AND t."runId" = e."runId" AND ${OUTCOME_CLAUSES[params.outcome]}`
      : "";
    const cap = bind(params.cap + 1);
    const limit = bind(params.limit);
    const offset = bind(params.offset);
    const sql = `
    WITH found AS MATERIALIZED (
      SELECT e."runId", e."trajectoryId", e.seq
      FROM (SELECT e."runId", e."trajectoryId", e.seq FROM "Event" e WHERE ${eventClauses.join(" AND ")} OFFSET 0) e
      ${outcomeJoin}
      LIMIT ${cap}
    ),
    page AS (
      SELECT "runId", "trajectoryId", seq FROM found ORDER BY "trajectoryId", seq LIMIT ${limit} OFFSET ${offset}
    )
    SELECT c."found", x.*
    FROM (SELECT count(*)::int AS "found" FROM found) c
    LEFT JOIN LATERAL (
      SELECT r.id AS "runId", r.name AS "runName", s.name AS "suiteName", s.version AS "suiteVersion", m.name AS "modelName",
             t.id AS "trajectoryId", k."externalId" AS "taskExternalId", t.trial, t.success,
             e.seq, e."turnIndex", e.kind, e.actor, e."toolName", e."isError",
             left(e."text", ${FIELD_SLICE}) AS "text",
             left(e."arguments"::text, ${FIELD_SLICE}) AS "argumentsText",
             left(e."output"::text, ${FIELD_SLICE}) AS "outputText"
      FROM page
      JOIN "Event" e ON e."runId" = page."runId" AND e."trajectoryId" = page."trajectoryId" AND e.seq = page.seq
      JOIN "Trajectory" t ON t.id = e."trajectoryId"
      JOIN "Run" r ON r.id = t."runId"
      JOIN "Suite" s ON s.id = r."suiteId"
      JOIN "Model" m ON m.id = r."modelId"
      JOIN "Task" k ON k.id = t."taskId"
    ) x ON true
    ORDER BY x."trajectoryId", x.seq`;
    // One row with only the count when the page is empty (an offset past the last match).
    const { rows } = await client.query<
      Omit<EventSearchRow, "trajectoryId"> & { trajectoryId: string | null; found: number }
    >(sql, values);
    const found = rows[0]?.found ?? 0;
    return {
      rows: rows.flatMap(({ found: _found, trajectoryId, ...row }) => (trajectoryId ? [{ ...row, trajectoryId }] : [])),
      matches: Math.min(found, params.cap),
      capped: found > params.cap,
      pendingRuns,
    };
  });
}

/**
 * The runs that are not deleted and pass the run, suite and model filters: ids of those whose search indexes are
 * built, and the others. A run's indexes exist only on its own partition (lib/db/run-search-index.ts), so a run
 * without them would be read row by row; it is left out and named instead.
 */
async function searchableRuns(
  client: pg.PoolClient,
  params: EventSearchParams,
): Promise<{ runIds: string[]; pendingRuns: { id: string; name: string }[] }> {
  const values: unknown[] = [];
  const clauses = [`"deletedAt" IS NULL`];
  for (const [column, value] of [
    ["id", params.runId],
    ["suiteId", params.suiteId],
    ["modelId", params.modelId],
  ] as const) {
    if (value === undefined) continue;
    values.push(value);
    clauses.push(`"${column}" = $${values.length}`);
  }
  const { rows } = await client.query<{ id: string; name: string; indexed: boolean }>(
    `SELECT id, name, "searchIndexedAt" IS NOT NULL AS indexed FROM "Run" WHERE ${clauses.join(" AND ")} ORDER BY id`,
    values,
  );
  return {
    runIds: rows.filter((row) => row.indexed).map((row) => row.id),
    pendingRuns: rows.filter((row) => !row.indexed).map(({ id, name }) => ({ id, name })),
  };
}

async function inBitmapOnlyTransaction<Result>(run: (client: pg.PoolClient) => Promise<Result>): Promise<Result> {
  const client = await pgPool().connect();
  try {
    await client.query("BEGIN READ ONLY");
    await client.query("SET LOCAL enable_indexscan = off");
    await client.query("SET LOCAL enable_seqscan = off");
    // Parallel workers hand rows back in any order, so a capped search could pick other matches on the next page.
    await client.query("SET LOCAL max_parallel_workers_per_gather = 0");
    // With one partition per run the plan has thousands of nodes; JIT-compiling them took 90 s on a test database.
    await client.query("SET LOCAL jit = off");
    const result = await run(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export interface SearchFacets {
  suites: { id: string; label: string }[];
  models: { id: string; name: string }[];
}

/** The suite and model choices of the search form: those of runs that are not deleted. */
export async function readSearchFacets(client: DbOrTx = db()): Promise<SearchFacets> {
  const [suites, models] = await Promise.all([
    client.$queryRawUnsafe<{ id: string; label: string }[]>(
      `SELECT DISTINCT s.id, s.name || CASE WHEN s.version <> '' THEN ' ' || s.version ELSE '' END AS label
       FROM "Suite" s JOIN "Run" r ON r."suiteId" = s.id WHERE r."deletedAt" IS NULL ORDER BY label, s.id`,
    ),
    client.$queryRawUnsafe<{ id: string; name: string }[]>(
      `SELECT DISTINCT m.id, m.name FROM "Model" m JOIN "Run" r ON r."modelId" = m.id WHERE r."deletedAt" IS NULL ORDER BY m.name, m.id`,
    ),
  ]);
  return { suites, models };
}

/** The name of a run that is not deleted (for "searching within run X"), or null. */
export async function findSearchableRunName(
  { runId }: { runId: string },
  client: DbOrTx = db(),
): Promise<string | null> {
  const run = await client.run.findFirst({ where: { id: runId, deletedAt: null }, select: { name: true } });
  return run?.name ?? null;
}
