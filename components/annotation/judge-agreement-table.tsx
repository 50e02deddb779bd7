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

function ComparisonRow({
  dimension,
  judge,
  comparison,
}: {
  dimension: string;
  judge: string;
  comparison: JudgeComparison;
}) {
  return (
    <tr>
      <td>{dimension}</td>
      <td>
        {judge} vs {comparison.against}
      </td>
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

/**
 * Every judge against each human and the human majority (95% bootstrap percentile intervals), seed
 * 003's three-way agreement per judge, and judge vs judge.
 */
export function JudgeAgreementTable({ dimensions }: { dimensions: DimensionAgreement[] }) {
  const judged = dimensions.filter((d) => d.judges.length > 0);
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
          ...d.judges.flatMap((j) => [
            ...j.vsAnnotators.map((c) => (
              <ComparisonRow key={`${d.key}-${j.key}-${c.against}`} dimension={d.label} judge={j.name} comparison={c} />
            )),
            <ComparisonRow
              key={`${d.key}-${j.key}-majority`}
              dimension={d.label}
              judge={j.name}
              comparison={j.vsMajority}
            />,
            <tr key={`${d.key}-${j.key}-three-way`}>
              <td>{d.label}</td>
              <td>three-way: {j.name} and all humans agree</td>
              <td className="num">{j.threeWay.n}</td>
              <td className="num">{formatPercent(j.threeWay.value)}</td>
              <td className="num">
                <span className="muted">n/a</span>
              </td>
            </tr>,
          ]),
          ...d.judgePairs.map((p) => (
            <ComparisonRow
              key={`${d.key}-${p.judge}-${p.against}`}
              dimension={d.label}
              judge={p.judge}
              comparison={p}
            />
          )),
        ])}
      </tbody>
    </table>
  );
}
