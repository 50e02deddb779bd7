import type { DimensionAgreement, JudgeComparison } from "@/lib/presenters/agreement-report";
import type { BootstrappedEstimate } from "@/lib/metrics";
import { formatPercent } from "@/lib/presenters/format";
import { formatKappa } from "@/lib/presenters/agreement-format";

function Interval({ estimate, percent }: { estimate: BootstrappedEstimate; percent: boolean }) {
  const format = percent ? formatPercent : formatKappa;
  return (
    <>
      {format(estimate.estimate)}
      {estimate.low !== null && estimate.high !== null ? (
        <span className="muted">
          {" "}
          [{format(estimate.low)}, {format(estimate.high)}]
        </span>
      ) : null}
    </>
  );
}

function ComparisonRow({ dimension, comparison }: { dimension: string; comparison: JudgeComparison }) {
  return (
    <tr>
      <td>{dimension}</td>
      <td>judge vs {comparison.against}</td>
      <td className="num">{comparison.n}</td>
      <td className="num">
        <Interval estimate={comparison.percent} percent />
      </td>
      <td className="num">
        <Interval estimate={comparison.kappa} percent={false} />
      </td>
    </tr>
  );
}

/** Human-vs-judge agreement with 95% bootstrap percentile intervals, and seed 003's three-way agreement. */
export function JudgeAgreementTable({ dimensions }: { dimensions: DimensionAgreement[] }) {
  const judged = dimensions.filter((d) => d.judge !== null);
  if (judged.length === 0)
    return <p className="muted">No dimension has judge labels on these items: human-human agreement only.</p>;
  return (
    <table className="data" aria-label="Judge agreement">
      <thead>
        <tr>
          <th>Dimension</th>
          <th>Comparison</th>
          <th className="num">n</th>
          <th className="num">Percent agreement [95% CI]</th>
          <th className="num">Cohen&apos;s κ [95% CI]</th>
        </tr>
      </thead>
      <tbody>
        {judged.flatMap((d) => [
          ...(d.judge?.vsAnnotators ?? []).map((c) => (
            <ComparisonRow key={`${d.key}-${c.against}`} dimension={d.label} comparison={c} />
          )),
          d.judge ? (
            <ComparisonRow key={`${d.key}-majority`} dimension={d.label} comparison={d.judge.vsMajority} />
          ) : null,
          <tr key={`${d.key}-three-way`}>
            <td>{d.label}</td>
            <td>three-way: judge and all humans agree</td>
            <td className="num">{d.judge?.threeWay.n ?? 0}</td>
            <td className="num">{formatPercent(d.judge?.threeWay.value)}</td>
            <td className="num">
              <span className="muted">n/a</span>
            </td>
          </tr>,
        ])}
      </tbody>
    </table>
  );
}
