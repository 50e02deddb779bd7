import type { ProtocolRow } from "./compare-types";
import { splitMissingFamilies, type MissingFamily } from "./missing-data";

/**
 * The comparison's protocol rows split into those some run has a value for, and the families none has, each as one
 * line titled by the group of its rows.
 */
export function splitMissingRows(
  rows: readonly ProtocolRow[],
  titles: Record<ProtocolRow["group"], string>,
): { rows: ProtocolRow[]; missing: MissingFamily[] } {
  return splitMissingFamilies(rows, {
    metricId: (row) => row.key,
    label: (row) => row.label,
    isEmpty: (row) => row.values.every((value) => value === null),
    title: (_source, members) => titles[members[0]?.group ?? "gold"],
  });
}
