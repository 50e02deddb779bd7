"use client";

import dynamic from "next/dynamic";
import type { ChartSeries } from "@/lib/presenters/leaderboard-chart";
import type { MetricDefinition } from "@/lib/presenters/leaderboard-metrics";
import styles from "./leaderboard-chart.module.css";

interface Props {
  series: ChartSeries;
  definitions: MetricDefinition[];
  onMetricChange: (metricId: string) => void;
}

/**
 * The bars are drawn in the browser only: Recharts cannot size them on the server (the container has no width
 * there) yet rendering it there cost each /runs request about a sixth of its time. The box keeps its height meanwhile.
 */
const LeaderboardBars = dynamic(() => import("./leaderboard-bars").then((module) => module.LeaderboardBars), {
  ssr: false,
});

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
        <div className={styles.chart} data-testid="leaderboard-chart">
          <LeaderboardBars series={series} />
        </div>
      )}
      <p className="muted">
        {series.hasErrorBars
          ? "Whiskers: 95% interval with the trials of a task as one cluster (success rate) or ± bootstrap SE (proxy-state rates). "
          : "No uncertainty is recorded for this metric. "}
        Runs of this page in table order{series.missing > 0 ? `; ${series.missing} without a value (n/a) left out` : ""}
        .
      </p>
    </section>
  );
}
