import { formatCount, formatInterval, formatPercent } from "./format";
import type { LeaderboardEntry } from "./leaderboard-rows";
import { compareNatural } from "@/lib/contracts/natural-order";

/** One suite (and setting) of the model x suite view: its header links to that suite's ranking. */
export interface MatrixColumn {
  key: string;
  suiteId: string;
  label: string;
}

export interface MatrixCell {
  runId: string;
  runName: string;
  /** Success rate (pass^1), with the interval that counts a task's trials as one cluster, and successes/n. */
  success: string;
  interval: string | null;
  count: string;
  /** pass^k at the run's smallest trial count when it is above 1 (k trials of every task), else null. */
  passK: { k: number; text: string } | null;
  /** Other runs of the same model, variant and suite (the cell shows the newest). */
  otherRuns: number;
}

export interface MatrixRow {
  key: string;
  model: string;
  variant: string;
  cells: Record<string, MatrixCell>;
}

export interface LeaderboardMatrix {
  columns: MatrixColumn[];
  rows: MatrixRow[];
}

function columnOf(entry: LeaderboardEntry): MatrixColumn {
  const { run } = entry;
  const setting = run.setting.label;
  return {
    key: `${entry.suiteId}|${run.setting.key}`,
    suiteId: entry.suiteId,
    label: setting ? `${run.suite} (${setting})` : run.suite,
  };
}

function cellOf(entry: LeaderboardEntry): MatrixCell {
  const { run, metrics } = entry;
  const s = metrics.successRate;
  const k = run.minTrials;
  const passK = k > 1 ? metrics.passHatK[k] : undefined;
  return {
    runId: run.id,
    runName: run.displayName,
    success: formatPercent(s.value),
    interval: formatInterval(s.low, s.high),
    count: formatCount(s.successes, s.n),
    passK: passK === undefined ? null : { k, text: formatPercent(passK) },
    otherRuns: 0,
  };
}

/**
 * Runs as a model x suite grid, like tau2-bench's public leaderboard: one row per model and variant, one column
 * per suite and setting. Runs of different suites are not ranked together; rows are in name order, and each
 * column header leads to that suite's ranking. Several runs in one cell: the newest is shown, the others counted.
 */
export function buildLeaderboardMatrix(entries: readonly LeaderboardEntry[]): LeaderboardMatrix {
  const columns = new Map<string, MatrixColumn>();
  const rows = new Map<string, MatrixRow>();
  const shownAt = new Map<string, string>();
  for (const entry of entries) {
    const column = columnOf(entry);
    if (!columns.has(column.key)) columns.set(column.key, column);
    const rowKey = `${entry.run.model}\u0000${entry.run.variant}`;
    let row = rows.get(rowKey);
    if (!row) {
      row = { key: rowKey, model: entry.run.model, variant: entry.run.variant, cells: {} };
      rows.set(rowKey, row);
    }
    const current = row.cells[column.key];
    const cellKey = `${rowKey}\u0000${column.key}`;
    if (!current) {
      row.cells[column.key] = cellOf(entry);
      shownAt.set(cellKey, entry.run.uploadedAt);
      continue;
    }
    const newer = entry.run.uploadedAt > (shownAt.get(cellKey) ?? "");
    if (newer) {
      row.cells[column.key] = { ...cellOf(entry), otherRuns: current.otherRuns + 1 };
      shownAt.set(cellKey, entry.run.uploadedAt);
    } else current.otherRuns += 1;
  }
  return {
    columns: [...columns.values()].sort((a, b) => compareNatural(a.label, b.label)),
    rows: [...rows.values()].sort((a, b) => compareNatural(a.model, b.model) || compareNatural(a.variant, b.variant)),
  };
}
