"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PassHatKSeries } from "@/lib/presenters/compare-series";
import styles from "./compare.module.css";

const COLORS = ["#2457c5", "#c0392b", "#1d7a3e", "#8a5a00", "#6b3fa0", "#0f7c8c", "#a3376b", "#444c56"];

export function PassHatKChart({ series }: { series: PassHatKSeries }) {
  return (
    <div className={styles.chartBox} role="img" aria-label="pass^k curves">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={series.data} margin={{ top: 12, right: 24, bottom: 24, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            dataKey="k"
            label={{ value: "k (trials that must all succeed)", position: "insideBottom", offset: -12 }}
          />
          <YAxis domain={[0, 1]} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} />
          <Tooltip
            formatter={(value) => (typeof value === "number" ? `${(value * 100).toFixed(1)}%` : "n/a")}
            labelFormatter={(k) => `pass^${String(k)}`}
          />
          <Legend verticalAlign="top" />
          {series.lines.map((line, i) => (
            <Line
              key={line.key}
              dataKey={line.key}
              name={line.label}
              stroke={COLORS[i % COLORS.length]}
              strokeWidth={2}
              dot
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
