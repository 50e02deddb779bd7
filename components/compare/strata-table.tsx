import { formatValue, shortenLabel } from "@/lib/presenters/format";
import { runLabel } from "@/lib/presenters/compare-export-tables";
import type { StratumRow } from "@/lib/presenters/compare-series";
import type { ComparedRun } from "@/lib/presenters/compare-types";

export function StrataTable({ runs, rows, title }: { runs: ComparedRun[]; rows: StratumRow[]; title: string }) {
  return (
    <table className="data" aria-label={title}>
      <thead>
        <tr>
          <th>{title}</th>
          {runs.map((run) => (
            <th key={run.id} className="num">
              {runLabel(run)} success
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td title={row.key}>{shortenLabel(row.key)}</td>
            {row.perRun.map((rate, i) => (
              <td key={runs[i]?.id ?? i} className="num">
                {formatValue(rate.value, "rate")}{" "}
                <span className="muted">
                  ({rate.count}/{rate.n})
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
