"use client";

import type { ChartSeries } from "@/lib/presenters/leaderboard-chart";
import type { MetricDefinition } from "@/lib/presenters/leaderboard-metrics";
import { LeaderboardBars } from "./leaderboard-bars";
import styles from "./leaderboard-chart.module.css";

interface Props {
  series: ChartSeries;
  definitions: MetricDefinition[];
  onMetricChange: (metricId: string) => void;
}

export function LeaderboardChart({ series, definitions, onMetricChange }: Props) {
  return (
    <section className="panel" aria-label="Metric chart">
      <div className="row">
        <h2 className={styles.title}>{series.metricLabel} per run</h2>
        <span className="spacer" />
        <label className="muted">
          Chart metric{" "}
          <select value={series.metricId} onChange={(event) => onMetricChange(event.target.value)}>
            {definitions.map((definition) => (
              <option key={definition.id} value={definition.id}>
                {definition.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {series.points.length === 0 ? (
        <p className="muted">No run on this page has a value for {series.metricLabel} (n/a).</p>
      ) : (
        <div data-testid="leaderboard-chart">
          <LeaderboardBars series={series} />
        </div>
      )}
      <p className="muted">
        {series.hasErrorBars
          ? "Whiskers: 95% interval with the trials of a task as one cluster (success rate) or ± bootstrap SE (proxy-state rates). "
          : "No uncertainty is recorded for this metric. "}
        Bars span 0-100%. Runs of this page in table order
        {series.missing > 0 ? `; ${series.missing} without a value (n/a) left out` : ""}.
      </p>
    </section>
  );
}
