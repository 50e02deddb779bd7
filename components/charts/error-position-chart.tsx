"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { HistogramPoint } from "@/lib/presenters/run-charts";

export function ErrorPositionChart({ series }: { series: HistogramPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={series} margin={{ top: 8, right: 16, bottom: 16, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="bin"
          fontSize={11}
          label={{ value: "first error position (share of events)", position: "insideBottom", offset: -8 }}
        />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar dataKey="count" name="trajectories" fill="#b42318" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
