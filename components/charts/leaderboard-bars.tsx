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

/** Value labels on the bars stay legible only up to this many runs. */
const MAX_LABELLED_BARS = 24;

const formatLabel = (value: unknown) => (typeof value === "number" ? value.toFixed(1) : "");
const errorOf = (point: ChartPoint): [number, number] => point.error ?? [0, 0];

/** The leaderboard chart's bars, with whiskers where the metric has an interval or SE. */
export function LeaderboardBars({ series }: { series: ChartSeries }) {
  return (
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
  );
}
