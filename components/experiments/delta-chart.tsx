"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ErrorBar,
  Rectangle,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { BarShapeProps } from "recharts";
import type { DeltaChartPoint, DeltaChartSeries } from "@/lib/presenters/experiment-view";
import styles from "./experiments.module.css";

const errorOf = (point: DeltaChartPoint): [number, number] => point.error;

/**
 * A custom shape: Recharts drops a zero-width bar, and with it the bar's ErrorBar (a delta of 0.0 with
 * [−17.5, +17.5] drew nothing); with a custom shape it keeps the point, so its interval is drawn.
 */
const deltaBar = (props: BarShapeProps) => <Rectangle {...props} />;
const ROW_HEIGHT = 34;

/** Paired deltas (pp) with their 95% intervals, one horizontal bar per cell and per pooled row. */
export function DeltaChart({ series }: { series: DeltaChartSeries }) {
  if (series.points.length === 0)
    return <p className="muted">No pair has a shared task yet: no delta to draw (n/a).</p>;
  const height = 60 + series.points.length * ROW_HEIGHT;
  return (
    <div
      className={styles.chart}
      style={{ height }}
      data-testid="delta-chart"
      role="img"
      aria-label="Paired success deltas with 95% intervals"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={series.points} layout="vertical" margin={{ top: 8, right: 24, bottom: 24, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" unit=" pp" tick={{ fontSize: 11 }} domain={[-100, 100]} />
          <YAxis type="category" dataKey="label" width={200} tick={{ fontSize: 11 }} interval={0} />
          <ReferenceLine x={0} stroke="#5b6470" />
          <Tooltip
            formatter={(value) => [typeof value === "number" ? `${value.toFixed(1)} pp` : String(value), "Δ success"]}
          />
          <Bar dataKey="value" isAnimationActive={false} maxBarSize={20} shape={deltaBar}>
            {series.points.map((point) => (
              <Cell key={point.key} fill={point.pooled ? "#121a2b" : "#2457c5"} />
            ))}
            <ErrorBar
              dataKey={errorOf}
              width={6}
              strokeWidth={1.5}
              stroke="#b42318"
              direction="x"
              isAnimationActive={false}
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
