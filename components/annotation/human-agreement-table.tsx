import type { DimensionAgreement } from "@/lib/presenters/agreement-report";
import { formatPercent } from "@/lib/presenters/format";
import { formatKappa } from "@/lib/presenters/agreement-format";

/** Human-human agreement per dimension: all-agree rate, every pair's percent and Cohen's kappa, Fleiss, Krippendorff. */
export function HumanAgreementTable({ dimensions }: { dimensions: DimensionAgreement[] }) {
  return (
    <table className="data" aria-label="Human agreement">
      <thead>
        <tr>
          <th>Dimension</th>
          <th className="num">Items with 2+ labels</th>
          <th className="num">All humans agree</th>
          <th>Pair</th>
          <th className="num">Percent agreement</th>
          <th className="num">Cohen&apos;s κ</th>
          <th className="num">Fleiss&apos; κ</th>
          <th className="num">Krippendorff&apos;s α</th>
        </tr>
      </thead>
      <tbody>
        {dimensions.flatMap((d) => {
          const pairs = d.pairs.length > 0 ? d.pairs : [null];
          return pairs.map((pair, index) => (
            <tr key={`${d.key}-${index}`} data-dimension={d.key}>
              {index === 0 ? (
                <>
                  <td rowSpan={pairs.length}>{d.label}</td>
                  <td className="num" rowSpan={pairs.length}>
                    {d.itemsWithTwoOrMore}
                  </td>
                  <td className="num" rowSpan={pairs.length}>
                    {formatPercent(d.humansAgree.value)} <span className="muted">(n={d.humansAgree.n})</span>
                  </td>
                </>
              ) : null}
              <td>
                {pair ? (
                  `${pair.a} vs ${pair.b} (n=${pair.n})`
                ) : (
                  <span className="muted">no pair rated the same items</span>
                )}
              </td>
              <td className="num">{formatPercent(pair?.percent)}</td>
              <td className="num">{formatKappa(pair?.kappa)}</td>
              {index === 0 ? (
                <>
                  <td className="num" rowSpan={pairs.length}>
                    {formatKappa(d.fleiss.value)} <span className="muted">(n={d.fleiss.n})</span>
                  </td>
                  <td className="num" rowSpan={pairs.length}>
                    {formatKappa(d.alpha)}
                  </td>
                </>
              ) : null}
            </tr>
          ));
        })}
      </tbody>
    </table>
  );
}
