import type { RunMetricsResponse } from "@/lib/contracts/run-metrics";
import { formatCount, formatPercent, parseModelSize } from "./leaderboard-format";
import { findMaxPassK } from "./leaderboard-metrics";

export interface ProtocolRunInput {
  id: string;
  name: string;
  model: string;
  family: string | null;
  size: string | null;
  variant: string;
  pairingKey: string | null;
  metrics: RunMetricsResponse;
}

export interface ProtocolColumn {
  runId: string;
  runName: string;
  model: string;
  variant: string;
  /** Second header row: the variant, with the run name when a pairing has two runs of one variant. */
  label: string;
}

export interface ProtocolGroup {
  key: string;
  /** First header row: the model of the group's first (base) run. */
  label: string;
  columns: ProtocolColumn[];
}

export type Scoring = "Deterministic" | "LLM judge";

export interface ProtocolRow {
  level: string;
  metric: string;
  scoring: Scoring;
  /** One per column, in the flattened column order: "30.6", "3/77" or "n/a". */
  cells: string[];
}

export interface ProtocolTable {
  suite: { id: string; name: string };
  groups: ProtocolGroup[];
  columns: ProtocolColumn[];
  rows: ProtocolRow[];
}

interface RowSpec {
  level: string;
  metric: string;
  scoring: Scoring;
  value: (m: RunMetricsResponse) => string;
}

const ROW_SPECS: readonly RowSpec[] = [
  { level: "Text similarity", metric: "ROUGE-1", scoring: "Deterministic", value: (m) => formatPercent(m.goldHistory.rouge1F1) },
  { level: "Gold-history turn", metric: "All-turn success", scoring: "LLM judge", value: (m) => formatPercent(m.goldHistory.allTurnSuccess) },
  { level: "Gold-history turn", metric: "Text-turn success", scoring: "LLM judge", value: (m) => formatPercent(m.goldHistory.textTurnSuccess) },
  { level: "Gold-history turn", metric: "Tool-turn success", scoring: "LLM judge", value: (m) => formatPercent(m.goldHistory.toolTurnSuccess) },
  { level: "Strict tool check", metric: "Exact call accuracy", scoring: "Deterministic", value: (m) => formatPercent(m.goldHistory.exactCallAccuracy) },
  { level: "Strict tool check", metric: "Argument F1", scoring: "Deterministic", value: (m) => formatPercent(m.goldHistory.argumentF1) },
  {
    level: "Closed-loop replay",
    metric: "Tool-workflow completion",
    scoring: "Deterministic",
    value: (m) => formatCount(m.toolWorkflowCompletion.count, m.toolWorkflowCompletion.eligible),
  },
  { level: "Holistic judge", metric: "Tool-workflow success", scoring: "LLM judge", value: (m) => formatCount(m.holisticSuccess.count, m.holisticSuccess.eligible) },
  { level: "State-based", metric: "Success rate", scoring: "Deterministic", value: (m) => formatPercent(m.successRate.value) },
];

function passKSpec(k: number): RowSpec {
  return { level: "State-based", metric: `pass^${k}`, scoring: "Deterministic", value: (m) => formatPercent(m.passHatK[k] ?? null) };
}

/** Base first (the seed's ZS | SFT order), then other variants alphabetically; upload order breaks ties. */
function variantRank(variant: string): number {
  return variant.toLowerCase() === "base" ? 0 : 1;
}

function groupRuns(runs: readonly ProtocolRunInput[]): { key: string; runs: ProtocolRunInput[] }[] {
  const groups = new Map<string, ProtocolRunInput[]>();
  for (const run of runs) {
    const key = run.pairingKey ?? `model:${run.model}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  const ordered = [...groups].map(([key, members]) => ({
    key,
    runs: members
      .map((run, index) => ({ run, index }))
      .sort((a, b) => variantRank(a.run.variant) - variantRank(b.run.variant) || a.run.variant.localeCompare(b.run.variant) || a.index - b.index)
      .map(({ run }) => run),
  }));
  const familyOf = (g: { runs: ProtocolRunInput[] }) => g.runs[0]?.family ?? "";
  const sizeOf = (g: { runs: ProtocolRunInput[] }) => parseModelSize(g.runs[0]?.size ?? null) ?? Number.POSITIVE_INFINITY;
  return ordered.sort((a, b) => familyOf(a).localeCompare(familyOf(b)) || sizeOf(a) - sizeOf(b) || a.key.localeCompare(b.key));
}

/**
 * Seed 000's Table 1 for one suite: metric rows grouped by protocol level, one column per run,
 * runs of one pairing key side by side (base first). Runs come in upload order.
 */
export function buildProtocolTable(suite: { id: string; name: string }, runs: readonly ProtocolRunInput[]): ProtocolTable {
  const groups = groupRuns(runs).map(({ key, runs: members }): ProtocolGroup => {
    const variantCounts = new Map<string, number>();
    for (const run of members) variantCounts.set(run.variant, (variantCounts.get(run.variant) ?? 0) + 1);
    return {
      key,
      label: members[0]?.model ?? key,
      columns: members.map((run) => ({
        runId: run.id,
        runName: run.name,
        model: run.model,
        variant: run.variant,
        label: (variantCounts.get(run.variant) ?? 0) > 1 ? `${run.variant} (${run.name})` : run.variant,
      })),
    };
  });
  const columns = groups.flatMap((group) => group.columns);
  const byId = new Map(runs.map((run) => [run.id, run.metrics]));
  const maxK = findMaxPassK(runs.map((run) => run.metrics));
  const specs = [...ROW_SPECS, ...Array.from({ length: maxK }, (_, index) => passKSpec(index + 1))];
  const rows = specs.map((spec) => ({
    level: spec.level,
    metric: spec.metric,
    scoring: spec.scoring,
    cells: columns.map((column) => {
      const metrics = byId.get(column.runId);
      return metrics ? spec.value(metrics) : "n/a";
    }),
  }));
  return { suite, groups, columns, rows };
}
