import { formatValue } from "@/lib/presenters/format";
import { runLabel } from "@/lib/presenters/compare-export-tables";
import type { StopReasonRow } from "@/lib/presenters/compare-series";
import type { ComparedRun } from "@/lib/presenters/compare-types";

export function StopReasonsTable({ runs, rows }: { runs: ComparedRun[]; rows: StopReasonRow[] }) {
  return (
    <table className="data" aria-label="Stop reasons">
      <thead>
        <tr>
          <th>Stop reason</th>
          {runs.map((run) => (
            <th key={run.id} className="num">
              {runLabel(run)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.reason}>
            <td className="mono">{row.reason}</td>
            {row.perRun.map((entry, i) => (
              <td key={runs[i]?.id ?? i} className="num">
                {entry.count} <span className="muted">({formatValue(entry.share, "rate")})</span>
                {entry.inferred > 0 ? <div className="badge warn">{entry.inferred} inferred</div> : null}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
