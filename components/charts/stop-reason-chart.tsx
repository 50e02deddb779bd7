"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { StopReasonPoint } from "@/lib/presenters/run-charts";

export function StopReasonChart({ series }: { series: StopReasonPoint[] }) {
  if (series.length === 0) return <p className="muted">n/a: no trajectories.</p>;
  const height = Math.max(160, 36 * series.length + 60);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={series} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="reason" width={130} />
        <Tooltip />
        <Legend />
        <Bar dataKey="recorded" name="recorded" stackId="reason" fill="#2457c5" isAnimationActive={false} />
        <Bar dataKey="inferred" name="inferred" stackId="reason" fill="#e0a800" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
