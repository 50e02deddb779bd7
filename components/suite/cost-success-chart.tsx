"use client";

import { CartesianGrid, Line, ResponsiveContainer, Scatter, ComposedChart, Tooltip, XAxis, YAxis } from "recharts";
import type { CostSuccessChartModel } from "@/lib/presenters/cost-success-chart";
import styles from "./cost-success.module.css";

const usd = (value: unknown) => (typeof value === "number" ? `$${value.toPrecision(3)}` : String(value));

/** Runs as points (cost per trajectory vs success), frontier runs filled dark and joined by a step-free line. */
export function CostSuccessChart({ model }: { model: CostSuccessChartModel }) {
  const off = model.points.filter((point) => !point.onFrontier);
  return (
    <div
      className={styles.chart}
      role="img"
      aria-label="Cost per trajectory vs success with the Pareto frontier"
      data-testid="cost-success-chart"
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart margin={{ top: 16, right: 24, bottom: 32, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="cost"
            name="cost"
            domain={["auto", "auto"]}
            tickFormatter={usd}
            label={{
              value: `mean ${model.basis === "agent" ? "agent" : "agent + user"} cost per trajectory (USD)`,
              position: "insideBottom",
              offset: -16,
            }}
          />
          <YAxis type="number" dataKey="success" name="success" domain={[0, 100]} unit="%" width={48} />
          <Tooltip
            formatter={(value, name) =>
              name === "cost" ? usd(value) : typeof value === "number" ? `${value.toFixed(1)}%` : String(value)
            }
            labelFormatter={() => ""}
          />
          <Line
            data={model.frontier}
            dataKey="success"
            stroke="#121a2b"
            strokeWidth={2}
            dot={{ r: 5, fill: "#121a2b" }}
            isAnimationActive={false}
            name="Pareto frontier"
          />
          <Scatter data={off} fill="#9fb0cc" isAnimationActive={false} name="dominated" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
