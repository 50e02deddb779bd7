import { METRIC_DATA_SOURCES, type MetricDataSource } from "@/lib/metrics/registry";

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
