import type { ExportCell, ExportColumn, ExportTable } from "./export-table";
import { formatDelta, formatCount, formatValue } from "@/lib/presenters/format";
import { TRANSITION_LABELS } from "./compare-task-rows";
import type { ComparedRun, ProtocolRow, TaskComparisonRow } from "./compare-types";

type LabelledRun = Pick<ComparedRun, "name" | "variant">;

export function runLabel(run: LabelledRun): string {
  return `${run.name} (${run.variant})`;
}

const left = (label: string): ExportColumn => ({ label, align: "left" });
const right = (label: string): ExportColumn => ({ label, align: "right" });
const text = (value: string): ExportCell => ({ text: value, value });

/** Protocol table: one row per metric, each run's value, then per candidate the paired delta with its 95% interval. */
export function buildProtocolExportTable(comparison: {
  runs: readonly LabelledRun[];
  protocolRows: readonly ProtocolRow[];
}): ExportTable {
  const [baseline, ...candidates] = comparison.runs;
  const versus = baseline ? ` vs ${runLabel(baseline)}` : "";
  const columns: ExportColumn[] = [
    left("Group"),
    left("Metric"),
    ...comparison.runs.map((run) => right(runLabel(run))),
    ...candidates.flatMap((run) => [
      right(`Delta ${runLabel(run)}${versus}`),
      right("95% CI low"),
      right("95% CI high"),
      left("CI excludes 0"),
    ]),
  ];
  const rows = comparison.protocolRows.map((row) => [
    text(row.group === "gold" ? "gold history" : "closed loop"),
    text(row.label),
    ...row.values.map((value) => ({ text: formatValue(value, row.format), value })),
    ...row.deltas.slice(1).flatMap((delta): ExportCell[] => {
      const low = delta?.interval?.low ?? null;
      const high = delta?.interval?.high ?? null;
      const excludes = delta?.interval ? (delta.excludesZero ? "yes" : "no") : "n/a";
      return [
        { text: formatDelta(delta?.delta ?? null, row.format, true), value: delta?.delta ?? null },
        { text: formatDelta(low, row.format, true), value: low },
        { text: formatDelta(high, row.format, true), value: high },
        text(excludes),
      ];
    }),
  ]);
  return { columns, rows };
}

/** Task table: per shared task, each run's successes over scored trials, the candidate-minus-baseline difference and the transition. */
export function buildTaskExportTable(comparison: {
  runs: readonly LabelledRun[];
  tasks: readonly TaskComparisonRow[];
}): ExportTable {
  const columns: ExportColumn[] = [
    left("Task"),
    ...comparison.runs.map((run) => right(`${runLabel(run)} success`)),
    right("Difference"),
    left("Transition"),
  ];
  const rows = comparison.tasks.map((task) => [
    text(task.taskId),
    ...task.perRun.map((entry): ExportCell =>
      entry
        ? { text: `${formatCount(entry.c, entry.n)} (${formatValue(entry.rate, "rate")})`, value: entry.rate }
        : { text: "n/a", value: null },
    ),
    { text: formatDelta(task.difference, "rate", true), value: task.difference },
    text(TRANSITION_LABELS[task.transition]),
  ]);
  return { columns, rows };
}
