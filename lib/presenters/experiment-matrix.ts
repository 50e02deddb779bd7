import { comparePairedRuns, type PairedTaskInput, type TransitionCounts } from "@/lib/metrics/compare-paired-runs";
import { computeStratifiedPairedEffect, STRATIFIED_RESAMPLES } from "@/lib/metrics/compute-stratified-paired-effect";
import type { TaskCounts } from "@/lib/metrics/compute-pass-hat-k";
import { estimateNoiseFloor } from "@/lib/metrics/estimate-noise-floor";
import { choosePairs, type RunPair } from "./run-pairs";

/** A run with a pairing key, its per-task trial counts and its success rate (Wilson interval), as the use case loads it. */
export interface ExperimentRun {
  id: string;
  name: string;
  suiteId: string;
  suite: string;
  variant: string;
  pairingKey: string | null;
  settingKey: string;
  settingLabel: string;
  createdAt: string;
  success: ExperimentSuccess | null;
  perTask: TaskCounts[];
}

export interface ExperimentSuccess {
  value: number | null;
  low: number | null;
  high: number | null;
  n: number;
}

export interface ExperimentInterval {
  estimate: number | null;
  low: number | null;
  high: number | null;
}

export interface ExperimentCell {
  columnKey: string;
  suiteId: string;
  suite: string;
  setting: string;
  baseRunId: string;
  baseRunName: string;
  candidateRunId: string;
  candidateRunName: string;
  baseSuccess: ExperimentSuccess | null;
  candidateSuccess: ExperimentSuccess | null;
  /** Mean over shared tasks of (candidate - base) per-task success, a task's success being its mean over trials. */
  delta: ExperimentInterval;
  /** Exact McNemar p on per-task majority outcomes (a tie, exactly half the trials, counts as a fail); null without shared tasks. */
  mcnemarP: number | null;
  sharedTasks: number;
  transitions: TransitionCounts;
  /** SD of the difference between two reruns of the base on these tasks (trial noise only); null with single trials. */
  noiseFloorSd: number | null;
  alternativeBaseRunIds: string[];
  otherCandidateRunIds: string[];
  compareHref: string;
}

export interface ExperimentPooled {
  estimate: number | null;
  low: number | null;
  high: number | null;
  p: number | null;
  /** Paired tasks summed over the strata (columns): a task of a suite run in two settings counts twice. */
  tasks: number;
  strata: number;
  /** Distinct tasks over the strata, and the suites they belong to. */
  distinctTasks: number;
  suites: number;
  /** Columns of one suite (settings such as telecom and telecom no-user): their labels and the tasks all of them paired. */
  sharedTaskGroups: { labels: string[]; tasks: number }[];
  transitions: TransitionCounts;
  noiseFloorSd: number | null;
}

export interface ExperimentRow {
  pairingKey: string;
  /** The candidate variant of this row ("sft", "lora", ...): a model with two fine-tunes gets a row each. */
  variant: string;
  cells: ExperimentCell[];
  pooled: ExperimentPooled;
}

export interface ExperimentColumn {
  key: string;
  suiteId: string;
  suite: string;
  setting: string;
  label: string;
}

export interface ExperimentMatrix {
  columns: ExperimentColumn[];
  rows: ExperimentRow[];
  resamples: number;
  seed: number;
}

export interface ExperimentMatrixOptions {
  resamples?: number;
  seed?: number;
}

const SEED = 1;

export function buildCompareHref(baseRunId: string, candidateRunId: string): string {
  return `/compare?runs=${[baseRunId, candidateRunId].map(encodeURIComponent).join(",")}`;
}

function columnKeyOf(suiteId: string, settingKey: string): string {
  return settingKey === "" ? suiteId : `${suiteId}|${settingKey}`;
}

/** Tasks both runs scored, by external task id, in id order. */
export function pairTasks(base: readonly TaskCounts[], candidate: readonly TaskCounts[]): PairedTaskInput[] {
  const candidateById = new Map(candidate.map((task) => [task.taskId, task]));
  const shared: PairedTaskInput[] = [];
  for (const task of base) {
    const other = candidateById.get(task.taskId);
    if (other && task.n > 0 && other.n > 0)
      shared.push({ taskId: task.taskId, a: { n: task.n, c: task.c }, b: { n: other.n, c: other.c } });
  }
  return shared;
}

/** The latest candidate per (pairing key, variant, suite, setting) fills the cell; older reruns are listed beside it. */
function latestCandidates(pairs: RunPair[], runs: Map<string, ExperimentRun>): { pair: RunPair; others: string[] }[] {
  const groups = new Map<string, RunPair[]>();
  for (const pair of pairs) {
    const candidate = runs.get(pair.candidateRunId);
    if (!candidate) continue;
    const key = JSON.stringify([pair.pairingKey, candidate.variant, pair.suiteId, pair.settingKey]);
    groups.set(key, [...(groups.get(key) ?? []), pair]);
  }
  const created = (pair: RunPair) => runs.get(pair.candidateRunId)?.createdAt ?? "";
  return [...groups.values()].flatMap((group) => {
    const [latest, ...older] = [...group].sort((a, b) =>
      created(b) > created(a) ? 1 : created(b) < created(a) ? -1 : a.candidateRunId < b.candidateRunId ? -1 : 1,
    );
    return latest ? [{ pair: latest, others: older.map((pair) => pair.candidateRunId) }] : [];
  });
}

function buildCell(
  pair: RunPair,
  others: string[],
  base: ExperimentRun,
  candidate: ExperimentRun,
  options: Required<ExperimentMatrixOptions>,
): { cell: ExperimentCell; tasks: PairedTaskInput[] } {
  const tasks = pairTasks(base.perTask, candidate.perTask);
  const compared = comparePairedRuns(tasks, { resamples: options.resamples, seed: options.seed });
  const noise = estimateNoiseFloor(
    tasks.map((task) => task.a),
    { resamples: 0 },
  );
  const cell: ExperimentCell = {
    columnKey: columnKeyOf(pair.suiteId, pair.settingKey),
    suiteId: pair.suiteId,
    suite: candidate.suite,
    setting: candidate.settingLabel,
    baseRunId: base.id,
    baseRunName: base.name,
    candidateRunId: candidate.id,
    candidateRunName: candidate.name,
    baseSuccess: base.success,
    candidateSuccess: candidate.success,
    delta: {
      estimate: compared.meanDifference,
      low: compared.interval?.low ?? null,
      high: compared.interval?.high ?? null,
    },
    mcnemarP: tasks.length > 0 ? compared.mcnemarP : null,
    sharedTasks: tasks.length,
    transitions: compared.transitions,
    noiseFloorSd: noise.differenceSd,
    alternativeBaseRunIds: pair.alternativeBaseRunIds,
    otherCandidateRunIds: others,
    compareHref: buildCompareHref(base.id, candidate.id),
  };
  return { cell, tasks };
}

/** How the row's strata overlap: columns of one suite pair the same tasks, so the pooled count repeats them. */
function taskOverlap(
  cells: readonly ExperimentCell[],
  strata: readonly { stratum: string; tasks: PairedTaskInput[] }[],
): Pick<ExperimentPooled, "distinctTasks" | "suites" | "sharedTaskGroups"> {
  const tasksOf = new Map(strata.map((stratum) => [stratum.stratum, stratum.tasks.map((task) => task.taskId)]));
  const bySuite = new Map<string, ExperimentCell[]>();
  for (const cell of cells) bySuite.set(cell.suiteId, [...(bySuite.get(cell.suiteId) ?? []), cell]);
  let distinctTasks = 0;
  const sharedTaskGroups: ExperimentPooled["sharedTaskGroups"] = [];
  for (const group of bySuite.values()) {
    const lists = group.map((cell) => tasksOf.get(cell.columnKey) ?? []);
    distinctTasks += new Set(lists.flat()).size;
    if (group.length < 2) continue;
    const [first = [], ...rest] = lists;
    const inAll = first.filter((taskId) => rest.every((list) => list.includes(taskId)));
    sharedTaskGroups.push({
      labels: group.map((cell) => (cell.setting === "" ? cell.suite : `${cell.suite} (${cell.setting})`)),
      tasks: inAll.length,
    });
  }
  return { distinctTasks, suites: bySuite.size, sharedTaskGroups };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The experiment matrix: one row per model (pairing key) and candidate variant, one column per suite and
 * setting, each cell the paired base-vs-candidate comparison, and a pooled effect per row stratified by column.
 */
export function buildExperimentMatrix(
  runs: readonly ExperimentRun[],
  options: ExperimentMatrixOptions = {},
): ExperimentMatrix {
  const settings = { resamples: options.resamples ?? STRATIFIED_RESAMPLES, seed: options.seed ?? SEED };
  const byId = new Map(runs.map((run) => [run.id, run]));
  const pairs = choosePairs(
    runs.map((run) => ({
      id: run.id,
      suiteId: run.suiteId,
      pairingKey: run.pairingKey,
      variant: run.variant,
      settingKey: run.settingKey,
      createdAt: run.createdAt,
    })),
  );
  const columns = new Map<string, ExperimentColumn>();
  const rows = new Map<
    string,
    {
      pairingKey: string;
      variant: string;
      cells: ExperimentCell[];
      strata: { stratum: string; tasks: PairedTaskInput[] }[];
    }
  >();
  for (const { pair, others } of latestCandidates(pairs, byId)) {
    const base = byId.get(pair.baseRunId);
    const candidate = byId.get(pair.candidateRunId);
    if (!base || !candidate) continue;
    const { cell, tasks } = buildCell(pair, others, base, candidate, settings);
    const label = cell.setting === "" ? cell.suite : `${cell.suite} (${cell.setting})`;
    columns.set(cell.columnKey, {
      key: cell.columnKey,
      suiteId: cell.suiteId,
      suite: cell.suite,
      setting: cell.setting,
      label,
    });
    const rowKey = JSON.stringify([pair.pairingKey, candidate.variant]);
    const row = rows.get(rowKey) ?? { pairingKey: pair.pairingKey, variant: candidate.variant, cells: [], strata: [] };
    row.cells.push(cell);
    row.strata.push({ stratum: cell.columnKey, tasks });
    rows.set(rowKey, row);
  }
  const orderedColumns = [...columns.values()].sort(
    (a, b) => compareText(a.label, b.label) || compareText(a.key, b.key),
  );
  const position = new Map(orderedColumns.map((column, index) => [column.key, index]));
  const orderedRows = [...rows.values()]
    .sort((a, b) => compareText(a.pairingKey, b.pairingKey) || compareText(a.variant, b.variant))
    .map((row): ExperimentRow => {
      // Strata in column order: the seeded resampling consumes random numbers stratum by stratum.
      const strata = [...row.strata].sort((a, b) => (position.get(a.stratum) ?? 0) - (position.get(b.stratum) ?? 0));
      const effect = computeStratifiedPairedEffect(strata, settings);
      const noise = estimateNoiseFloor(
        strata.flatMap((stratum) => stratum.tasks.map((task) => task.a)),
        { resamples: 0 },
      );
      const cells = [...row.cells].sort((a, b) => (position.get(a.columnKey) ?? 0) - (position.get(b.columnKey) ?? 0));
      return {
        pairingKey: row.pairingKey,
        variant: row.variant,
        cells,
        pooled: {
          ...taskOverlap(cells, strata),
          estimate: effect.estimate,
          low: effect.low,
          high: effect.high,
          p: effect.p,
          tasks: effect.tasks,
          strata: effect.strata,
          transitions: effect.transitions,
          noiseFloorSd: noise.differenceSd,
        },
      };
    });
  return { columns: orderedColumns, rows: orderedRows, resamples: settings.resamples, seed: settings.seed };
}
