"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { ChartPoint, ChartSeries } from "@/lib/presenters/leaderboard-chart";
import type { MetricDefinition } from "@/lib/presenters/leaderboard-metrics";
import styles from "./leaderboard-chart.module.css";

interface Props {
  series: ChartSeries;
  definitions: MetricDefinition[];
  onMetricChange: (metricId: string) => void;
}

/** Value labels on the bars stay legible only up to this many runs. */
const MAX_LABELLED_BARS = 24;

const formatLabel = (value: unknown) => (typeof value === "number" ? value.toFixed(1) : "");
const errorOf = (point: ChartPoint): [number, number] => point.error ?? [0, 0];

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
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={series.points} margin={{ top: 24, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" interval={0} angle={-30} textAnchor="end" height={90} tick={{ fontSize: 11 }} />
              <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} width={48} />
              <Tooltip formatter={(value) => [`${String(value)}%`, series.metricLabel]} />
              <Bar dataKey="value" fill="#2457c5" isAnimationActive={false} maxBarSize={48}>
                {series.hasErrorBars ? (
                  <ErrorBar dataKey={errorOf} width={6} strokeWidth={1.5} stroke="#1b1f24" isAnimationActive={false} />
                ) : null}
                {series.points.length <= MAX_LABELLED_BARS ? (
                  <LabelList
                    dataKey="value"
                    position={series.hasErrorBars ? "right" : "top"}
                    offset={6}
                    fontSize={12}
                    fill="#1b1f24"
                    formatter={formatLabel}
                  />
                ) : null}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
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
