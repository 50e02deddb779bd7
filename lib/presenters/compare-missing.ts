import { metricDataSource } from "@/lib/metrics/registry";
import type { ProtocolRow } from "./compare-types";
import { describeMissingFamily, type MissingFamily } from "./missing-data";

function sourceOf(key: string): ReturnType<typeof metricDataSource> {
  try {
    return metricDataSource(key);
  } catch {
    return "outcomes";
  }
}

/**
 * The comparison's protocol rows split into those some run has a value for, and the families none has, each as one
 * line (a tau2 comparison showed six n/a gold-history rows). Rows are grouped by the data that fills them.
 */
export function splitMissingRows(
  rows: readonly ProtocolRow[],
  titles: Record<ProtocolRow["group"], string>,
): { rows: ProtocolRow[]; missing: MissingFamily[] } {
  const empty = rows.filter((row) => row.values.every((value) => value === null));
  const bySource = new Map<ReturnType<typeof metricDataSource>, ProtocolRow[]>();
  for (const row of empty) {
    const source = sourceOf(row.key);
    // Outcome metrics stay as rows: a run with outcomes but an undefined rate (no errors to recover from) says so.
    if (source === "outcomes") continue;
    bySource.set(source, [...(bySource.get(source) ?? []), row]);
  }
  const dropped = new Set([...bySource.values()].flat());
  return {
    rows: rows.filter((row) => !dropped.has(row)),
    missing: [...bySource].map(([source, members]) =>
      describeMissingFamily(
        source,
        titles[members[0]?.group ?? "gold"],
        members.map((row) => row.label),
      ),
    ),
  };
}
