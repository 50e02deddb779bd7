"use client";

import {
  CartesianGrid,
  LabelList,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { GainChartModel } from "@/lib/presenters/compare-gain-points";
import styles from "./compare.module.css";

/** Gold-history change (x) against closed-loop change (y), one point per model pair; the diagonal is "both moved equally". */
export function GainChart({ model }: { model: GainChartModel }) {
  const { limit, data } = model;
  return (
    <div className={styles.chartBox} role="img" aria-label="Turn-level gain vs workflow gain">
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart margin={{ top: 16, right: 32, bottom: 32, left: 32 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <ReferenceArea x1={0} x2={limit} y1={-limit} y2={0} fill="#fdecea" fillOpacity={0.5} />
          <XAxis
            type="number"
            dataKey="x"
            domain={[-limit, limit]}
            name="Δ turn success"
            unit=" pp"
            label={{ value: "Δ gold-history all-turn success (pp)", position: "insideBottom", offset: -16 }}
          />
          <YAxis
            type="number"
            dataKey="y"
            domain={[-limit, limit]}
            name="Δ workflow success"
            unit=" pp"
            label={{
              value: "Δ closed-loop success (pp)",
              angle: -90,
              position: "left",
              offset: 16,
              style: { textAnchor: "middle" },
            }}
          />
          <ReferenceLine x={0} stroke="#5b6470" />
          <ReferenceLine y={0} stroke="#5b6470" />
          <ReferenceLine
            segment={[
              { x: -limit, y: -limit },
              { x: limit, y: limit },
            ]}
            stroke="#9fb0cc"
            strokeDasharray="6 4"
          />
          <Tooltip formatter={(value) => (typeof value === "number" ? `${value.toFixed(1)} pp` : String(value))} />
          <Scatter data={data} fill="#2457c5" isAnimationActive={false}>
            <LabelList dataKey="label" position="top" />
          </Scatter>
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}
