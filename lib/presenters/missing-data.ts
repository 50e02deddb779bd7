import { METRIC_DATA_SOURCES, metricDataSource, type MetricDataSource } from "@/lib/metrics/registry";

/** Where the app serves the bundle format (docs/bundle-format.md, app/docs/[name]/route.ts). */
export const BUNDLE_FORMAT_HREF = "/docs/bundle-format.md";

/** One line in place of a metric family the data cannot fill: what would fill it, and where that is documented. */
export interface MissingFamily {
  source: MetricDataSource;
  /** The family's title, e.g. "Gold history (next turn)". */
  title: string;
  /** Metrics left out, by label (empty when the whole family is meant). */
  metrics: string[];
  needs: string;
  docHref: string;
  docLabel: string;
}

export function describeMissingFamily(
  source: MetricDataSource,
  title: string,
  metrics: readonly string[] = [],
): MissingFamily {
  const data = METRIC_DATA_SOURCES[source];
  return {
    source,
    title,
    metrics: [...metrics],
    needs: data.needs,
    docHref: BUNDLE_FORMAT_HREF,
    docLabel: `bundle format: ${data.bundleSection}`,
  };
}

function sourceOf(metricId: string): MetricDataSource {
  try {
    return metricDataSource(metricId);
  } catch {
    return "outcomes";
  }
}

/** How a table's rows are read by `splitMissingFamilies`. */
export interface MissingRowReader<Row> {
  metricId: (row: Row) => string;
  label: (row: Row) => string;
  /** True when no run of the table has a value in this row. */
  isEmpty: (row: Row) => boolean;
  /** The title of the line that replaces a family's rows, from the rows it replaces. */
  title: (source: MetricDataSource, members: readonly Row[]) => string;
}

/**
 * A metric table's rows split into those some run has a value for, and the families none has, each as one line
 * (a tau2 comparison showed six n/a gold-history rows). Rows are grouped by the data that fills them. Used by /compare
 * and the suite protocol table, so both collapse the same families the same way.
 */
export function splitMissingFamilies<Row>(
  rows: readonly Row[],
  read: MissingRowReader<Row>,
): { rows: Row[]; missing: MissingFamily[] } {
  const bySource = new Map<MetricDataSource, Row[]>();
  for (const row of rows.filter(read.isEmpty)) {
    const source = sourceOf(read.metricId(row));
    // Outcome metrics stay as rows: a run with outcomes but an undefined rate (no errors to recover from) says so.
    if (source === "outcomes") continue;
    bySource.set(source, [...(bySource.get(source) ?? []), row]);
  }
  const dropped = new Set([...bySource.values()].flat());
  return {
    rows: rows.filter((row) => !dropped.has(row)),
    missing: [...bySource].map(([source, members]) =>
      describeMissingFamily(source, read.title(source, members), members.map(read.label)),
    ),
  };
}
