"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PassKPoint } from "@/lib/presenters/run-charts";
import { formatPercent } from "@/lib/presenters/format";

export function PassKChart({ series }: { series: PassKPoint[] }) {
  if (series.length === 0) return <p className="muted">n/a: no task has a known outcome.</p>;
  return (
    <ResponsiveContainer width="100%" height={240}>
      <LineChart data={series} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="k" label={{ value: "k", position: "insideBottomRight", offset: -4 }} />
        <YAxis domain={[0, 1]} tickFormatter={(value: number) => formatPercent(value, 0)} />
        <Tooltip
          formatter={(value) => (typeof value === "number" ? formatPercent(value) : "n/a")}
          labelFormatter={(label) => `k = ${String(label)}`}
        />
        <Legend />
        <Line
          type="monotone"
          dataKey="passHat"
          name="pass^k (all k succeed)"
          stroke="#2457c5"
          strokeWidth={2}
          connectNulls={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="passAt"
          name="pass@k (any of k succeeds)"
          stroke="#1d7a3e"
          strokeWidth={2}
          strokeDasharray="5 3"
          connectNulls={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
