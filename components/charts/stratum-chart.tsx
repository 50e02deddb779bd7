"use client";

import { Bar, BarChart, CartesianGrid, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { StratumPoint } from "@/lib/presenters/run-charts";
import { formatPercent } from "@/lib/presenters/format";

/** Success rate per stratum with its 95% Wilson interval; axis ticks give successes/n. */
export function StratumChart({ series, axisLabel }: { series: StratumPoint[]; axisLabel: string }) {
  if (series.length === 0) return <p className="muted">n/a: no strata.</p>;
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={series} margin={{ top: 8, right: 16, bottom: 16, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="tick" fontSize={12} label={{ value: axisLabel, position: "insideBottom", offset: -8 }} />
        <YAxis domain={[0, 1]} tickFormatter={(value: number) => formatPercent(value, 0)} />
        <Tooltip
          formatter={(value, _name, item) => {
            const point = item.payload as StratumPoint;
            return [`${typeof value === "number" ? formatPercent(value) : "n/a"} (${point.label})`, "success"];
          }}
        />
        <Bar dataKey="value" name="success rate" fill="#2457c5" isAnimationActive={false}>
          <ErrorBar dataKey="error" width={6} stroke="#1b1f24" />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
