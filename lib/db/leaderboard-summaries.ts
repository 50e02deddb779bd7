import type { LeaderboardMetrics, LeaderboardSummaryRow } from "@/lib/contracts/leaderboard-summary";
import { db, type DbOrTx } from "./client";

export async function upsertLeaderboardSummary(row: LeaderboardSummaryRow, client: DbOrTx = db()): Promise<void> {
  const { runId, metrics, sortValues, ...data } = row;
  // Plain JSON objects; widened to what Prisma's Json input accepts.
  const json: { metrics: object; sortValues: object } = { metrics, sortValues };
  const values = { ...data, ...json, updatedAt: new Date() };
  await client.leaderboardSummary.upsert({ where: { runId }, create: { runId, ...values }, update: values });
}

export interface RunNeedingSummary {
  runId: string;
  modelSize: string | null;
}

/** Runs without a lean row of the current metrics version (new runs, or definitions changed), newest first. */
export function listRunsNeedingSummary(
  { metricsVersion }: { metricsVersion: number },
  client: DbOrTx = db(),
): Promise<RunNeedingSummary[]> {
  return client.$queryRawUnsafe<RunNeedingSummary[]>(
    `SELECT r.id AS "runId", m.size AS "modelSize"
     FROM "Run" r JOIN "Model" m ON m.id = r."modelId"
     LEFT JOIN "LeaderboardSummary" ls ON ls."runId" = r.id
     WHERE r."deletedAt" IS NULL AND (ls."runId" IS NULL OR ls."metricsVersion" <> $1)
     ORDER BY r."createdAt" DESC`,
    metricsVersion,
  );
}

/** Sortable run columns; metric columns sort on the stored sortValues. Whitelisted: never interpolate user text. */
const COLUMN_SORTS = {
  model: `lower(m.name)`,
  family: `lower(m.family)`,
  size: `ls."modelSize"`,
  variant: `lower(r.variant)`,
  suite: `lower(s.name || coalesce(' ' || s.version, ''))`,
  trajectories: `ls.trajectories`,
  tasks: `(ls.tasks::bigint * 10000 + ls."maxTrials")`,
} as const;

export type LeaderboardSortColumn = keyof typeof COLUMN_SORTS;

export function isLeaderboardSortColumn(value: string): value is LeaderboardSortColumn {
  return Object.hasOwn(COLUMN_SORTS, value);
}

export interface LeaderboardPageParams {
  suiteId?: string;
  family?: string;
  variant?: string;
  /** Runs carrying this tag (key=value). */
  tag?: { key: string; value: string };
  q?: string;
  /** Only lean rows of this metrics version: a row of an older one is being recomputed and is not shown meanwhile. */
  metricsVersion?: number;
  minTasks: number;
  sort: { column: LeaderboardSortColumn } | { metric: string };
  dir: "asc" | "desc";
  offset: number;
  limit: number;
}

export interface LeaderboardPageRow {
  id: string;
  name: string;
  variant: string;
  pairingKey: string | null;
  sourceFormat: string;
  suiteId: string;
  suiteName: string;
  suiteVersion: string | null;
  model: string;
  family: string | null;
  size: string | null;
  fileName: string;
  uploadedAt: Date;
  tasks: number;
  trajectories: number;
  minTrials: number;
  maxTrials: number;
  turnPredictions: number;
  metrics: LeaderboardMetrics;
  /** The run's stored RunSummary (lib/server/list-runs.ts keeps it current); null only for a row written meanwhile. */
  identity: unknown;
}

export interface LeaderboardPageTotals {
  /** Runs passing every filter including the minimum task count. */
  matching: number;
  /** Runs passing the other filters but below the minimum task count. */
  hidden: number;
  hasGold: boolean;
  hasClosed: boolean;
  hasProxy: boolean;
}

const FROM = `FROM "Run" r
  JOIN "LeaderboardSummary" ls ON ls."runId" = r.id
  JOIN "Model" m ON m.id = r."modelId"
  JOIN "Suite" s ON s.id = r."suiteId"`;

/** WHERE clause of the filters other than the minimum task count, with its parameters. */
function buildFilter(params: LeaderboardPageParams): { where: string; values: unknown[] } {
  // A run being deleted is hidden at once, before its rows are purged.
  const clauses: string[] = [`r."deletedAt" IS NULL`];
  const values: unknown[] = [];
  const add = (sql: (index: number) => string, value: unknown) => {
    values.push(value);
    clauses.push(sql(values.length));
  };
  if (params.metricsVersion !== undefined) add((i) => `ls."metricsVersion" = $${i}`, params.metricsVersion);
  if (params.suiteId) add((i) => `r."suiteId" = $${i}`, params.suiteId);
  if (params.family) add((i) => `m.family = $${i}`, params.family);
  if (params.variant) add((i) => `r.variant = $${i}`, params.variant);
  if (params.tag) add((i) => `r.tags @> $${i}::jsonb`, JSON.stringify({ [params.tag.key]: params.tag.value }));
  if (params.q) {
    const pattern = `%${params.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add(
      (i) =>
        `concat_ws(E'\\n', r.name, m.name, m.family, m.size, r.variant, s.name, s.version, r."pairingKey") ILIKE $${i}`,
      pattern,
    );
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "", values };
}

export interface LeaderboardSlice {
  totals: LeaderboardPageTotals;
  rows: LeaderboardPageRow[];
}

/**
 * The counts and group flags of the filtered runs and one page of them, filtered and sorted in PostgreSQL, in one
 * statement: the filtered runs are read once (narrow: id, counts, flags, sort key), counted, and only the page's 25
 * ids are joined back to their wide rows (stored metrics and identity, about 1.3 KB a run), where two statements
 * scanned and joined every run's wide row twice. Missing values (n/a) sort last in either direction.
 */
export async function readLeaderboardSlice(
  params: LeaderboardPageParams,
  client: DbOrTx = db(),
): Promise<LeaderboardSlice> {
  const { where, values } = buildFilter(params);
  const all = [...values, params.minTasks];
  const min = `$${all.length}`;
  let sortExpression: string;
  if ("column" in params.sort) sortExpression = COLUMN_SORTS[params.sort.column];
  else {
    all.push(params.sort.metric);
    sortExpression = `(ls."sortValues" ->> $${all.length})::float8`;
  }
  all.push(params.limit, params.offset);
  const direction = params.dir === "asc" ? "ASC" : "DESC";
  const order = (p: string) => `${p}"sortKey" ${direction} NULLS LAST, ${p}"createdAt" DESC, ${p}name ASC, ${p}id ASC`;
  const rows = await client.$queryRawUnsafe<SliceRow[]>(
    `WITH filtered AS MATERIALIZED (
       SELECT r.id, r.name, r."createdAt", ls.tasks, ls."hasGold", ls."hasClosed", ls."hasProxy", ${sortExpression} AS "sortKey"
       ${FROM} ${where}
     ),
     totals AS (
       SELECT count(*) FILTER (WHERE tasks >= ${min})::int AS matching,
              count(*) FILTER (WHERE tasks < ${min})::int AS hidden,
              coalesce(bool_or("hasGold") FILTER (WHERE tasks >= ${min}), false) AS "hasGold",
              coalesce(bool_or("hasClosed") FILTER (WHERE tasks >= ${min}), false) AS "hasClosed",
              coalesce(bool_or("hasProxy") FILTER (WHERE tasks >= ${min}), false) AS "hasProxy"
       FROM filtered
     ),
     page AS (
       SELECT * FROM filtered WHERE tasks >= ${min}
       ORDER BY ${order("")} LIMIT $${all.length - 1} OFFSET $${all.length}
     ),
     wide AS (
       SELECT p."sortKey", p."createdAt", r.id, r.name, r.variant, r."pairingKey", r."sourceFormat", r."suiteId",
              s.name AS "suiteName", s.version AS "suiteVersion", m.name AS model, m.family, m.size, b."fileName",
              b."uploadedAt", ls.tasks, ls.trajectories, ls."minTrials", ls."maxTrials", ls."turnPredictions",
              ls.metrics, ls.identity
       FROM page p JOIN "Run" r ON r.id = p.id
         JOIN "LeaderboardSummary" ls ON ls."runId" = r.id
         JOIN "Model" m ON m.id = r."modelId"
         JOIN "Suite" s ON s.id = r."suiteId"
         JOIN "Bundle" b ON b.id = r."bundleId"
     )
     SELECT t.matching, t.hidden, t."hasGold", t."hasClosed", t."hasProxy", w.id, w.name, w.variant, w."pairingKey",
            w."sourceFormat", w."suiteId", w."suiteName", w."suiteVersion", w.model, w.family, w.size, w."fileName",
            w."uploadedAt", w.tasks, w.trajectories, w."minTrials", w."maxTrials", w."turnPredictions", w.metrics,
            w.identity
     FROM totals t LEFT JOIN wide w ON true
     ORDER BY ${order("w.")}`,
    ...all,
  );
  const first = rows[0];
  return {
    totals: {
      matching: first?.matching ?? 0,
      hidden: first?.hidden ?? 0,
      hasGold: first?.hasGold ?? false,
      hasClosed: first?.hasClosed ?? false,
      hasProxy: first?.hasProxy ?? false,
    },
    // Without a page row, the one row carries the totals only (the LEFT JOIN's nulls).
    rows: rows.flatMap((row) => (row.id === null ? [] : [pageRow(row, row.id)])),
  };
}

/** A row of the slice query: the totals on every row, the page's columns null when the page is empty. */
type SliceRow = LeaderboardPageTotals & Omit<LeaderboardPageRow, "id"> & { id: string | null };

function pageRow(row: SliceRow, id: string): LeaderboardPageRow {
  return {
    id,
    name: row.name,
    variant: row.variant,
    pairingKey: row.pairingKey,
    sourceFormat: row.sourceFormat,
    suiteId: row.suiteId,
    suiteName: row.suiteName,
    suiteVersion: row.suiteVersion,
    model: row.model,
    family: row.family,
    size: row.size,
    fileName: row.fileName,
    uploadedAt: row.uploadedAt,
    tasks: row.tasks,
    trajectories: row.trajectories,
    minTrials: row.minTrials,
    maxTrials: row.maxTrials,
    turnPredictions: row.turnPredictions,
    metrics: row.metrics,
    identity: row.identity,
  };
}

export interface LeaderboardFacets {
  totalRuns: number;
  maxPassK: number;
  suites: { value: string; label: string }[];
  families: string[];
  variants: string[];
  /** Every string-valued tag of a live run. */
  tagPairs: { key: string; value: string }[];
}

/**
 * Filter choices and pass^k columns come from every run, so they stay put while filtering. The run total counts the
 * lean rows of `metricsVersion`, the ones the leaderboard lists (readLeaderboardSlice).
 */
export async function readLeaderboardFacets(metricsVersion: number, client: DbOrTx = db()): Promise<LeaderboardFacets> {
  const [[totals], suites, families, variants, tagPairs] = await Promise.all([
    client.$queryRawUnsafe<{ totalRuns: number; maxPassK: number }[]>(
      `SELECT count(*)::int AS "totalRuns", coalesce(max(ls."maxPassK"), 0)::int AS "maxPassK"
       FROM "LeaderboardSummary" ls JOIN "Run" r ON r.id = ls."runId"
       WHERE r."deletedAt" IS NULL AND ls."metricsVersion" = $1`,
      metricsVersion,
    ),
    client.$queryRawUnsafe<{ value: string; label: string }[]>(
      // The task-set label stored with the identities (never two alike; one run's per suite, so each identity
      // is not parsed), else the plain name and version.
      `SELECT s.id AS value,
              coalesce((SELECT ls.identity->>'suite' FROM "Run" r JOIN "LeaderboardSummary" ls ON ls."runId" = r.id
                        WHERE r."suiteId" = s.id AND r."deletedAt" IS NULL AND ls.identity IS NOT NULL LIMIT 1),
                       s.name || coalesce(' ' || s.version, '')) AS label
       FROM "Suite" s
       WHERE EXISTS (SELECT 1 FROM "Run" r WHERE r."suiteId" = s.id AND r."deletedAt" IS NULL)
       ORDER BY label, value`,
    ),
    client.$queryRawUnsafe<{ family: string }[]>(
      `SELECT DISTINCT m.family FROM "Model" m JOIN "Run" r ON r."modelId" = m.id WHERE m.family IS NOT NULL AND r."deletedAt" IS NULL ORDER BY m.family`,
    ),
    client.$queryRawUnsafe<{ variant: string }[]>(
      `SELECT DISTINCT variant FROM "Run" WHERE "deletedAt" IS NULL ORDER BY variant`,
    ),
    client.$queryRawUnsafe<{ key: string; value: string }[]>(
      // String-valued tags only, as readRunTags keeps them.
      `SELECT DISTINCT t.key, t.value #>> '{}' AS value
       FROM "Run" r, jsonb_each(CASE WHEN jsonb_typeof(r.tags) = 'object' THEN r.tags ELSE '{}'::jsonb END) t
       WHERE r."deletedAt" IS NULL AND jsonb_typeof(t.value) = 'string'`,
    ),
  ]);
  return {
    totalRuns: totals?.totalRuns ?? 0,
    maxPassK: totals?.maxPassK ?? 0,
    suites,
    families: families.map((row) => row.family),
    variants: variants.map((row) => row.variant),
    tagPairs,
  };
}

/** Stored record counts of many runs from their lean rows (no scan of Trajectory). */
export async function readSummaryCounts(
  client: DbOrTx = db(),
): Promise<
  Map<string, { tasks: number; trajectories: number; minTrials: number; maxTrials: number; turnPredictions: number }>
> {
  const rows = await client.leaderboardSummary.findMany({
    select: { runId: true, tasks: true, trajectories: true, minTrials: true, maxTrials: true, turnPredictions: true },
  });
  return new Map(rows.map(({ runId, ...counts }) => [runId, counts]));
}
