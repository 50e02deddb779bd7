"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import {
  formatKappaTick,
  type JudgeAgreementPoint,
  type JudgeAgreementSeries,
} from "@/lib/presenters/judge-agreement-chart";

/** Cohen's kappa of each judge vs the human majority, per dimension, with 95% bootstrap intervals as error bars. */
export function JudgeAgreementChart({ series }: { series: JudgeAgreementSeries }) {
  if (series.points.length === 0) return <p className="muted">n/a: no judge verdicts on these items.</p>;
  return (
    <figure aria-label="Judge agreement chart" style={{ margin: 0 }}>
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={series.points} margin={{ top: 8, right: 16, bottom: 16, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="tick" fontSize={12} interval={0} />
          <YAxis domain={series.axis.domain} ticks={series.axis.ticks} interval={0} tickFormatter={formatKappaTick} />
          <ReferenceLine y={0} stroke="#59636e" />
          <Tooltip
            formatter={(_value, _name, item) => [(item.payload as JudgeAgreementPoint).label, "vs human majority"]}
          />
          <Bar dataKey="value" name="Cohen's kappa" fill="#2457c5" isAnimationActive={false}>
            <ErrorBar dataKey="error" width={6} stroke="#1b1f24" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <figcaption className="muted">
        Cohen&apos;s κ vs the human majority (95% bootstrap interval):{" "}
        {series.points.map((p, i) => (
          <span key={p.key}>
            {i > 0 ? " · " : ""}
            {p.tick} {p.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
