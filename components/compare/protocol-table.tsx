import { Fragment } from "react";
import { formatValue } from "@/lib/presenters/format";
import { GROUP_LABELS } from "@/lib/presenters/compare-metric-catalog";
import { runLabel } from "@/lib/presenters/compare-export-tables";
import type { ComparedRun, MetricGroup, ProtocolRow } from "@/lib/presenters/compare-types";
import { splitMissingRows } from "@/lib/presenters/compare-missing";
import { MissingFamilyLine } from "@/components/run/missing-family-line";
import { DeltaCell } from "./delta-cell";
import styles from "./compare.module.css";

const GROUPS: MetricGroup[] = ["gold", "closed"];

export function ProtocolTable({ runs, rows: allRows }: { runs: ComparedRun[]; rows: ProtocolRow[] }) {
  const [baseline, ...candidates] = runs;
  // Families no compared run has data for are one line under the table, not rows of n/a.
  const { rows, missing } = splitMissingRows(allRows, GROUP_LABELS);
  const shownGroups = GROUPS.filter((group) => rows.some((row) => row.group === group));
  return (
    <>
      <table className="data" aria-label="Protocol table">
        <thead>
          <tr>
            <th>Metric</th>
            {runs.map((run, i) => (
              <th key={run.id} className="num">
                {runLabel(run)}
                {i === 0 ? <div>baseline</div> : null}
              </th>
            ))}
            {candidates.map((run) => (
              <th key={run.id} className="num">
                Δ {runLabel(run)}
                <div>vs {baseline ? runLabel(baseline) : "baseline"}, 95% CI</div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shownGroups.map((group) => (
            <Fragment key={group}>
              <tr className={`${styles.groupRow} ${group === "closed" ? styles.groupRowClosed : ""}`}>
                <th colSpan={runs.length * 2}>{GROUP_LABELS[group]}</th>
              </tr>
              {rows
                .filter((row) => row.group === group)
                .map((row) => (
                  <tr key={row.key} data-metric={row.key}>
                    <td className={group === "gold" ? styles.gold : styles.closed}>
                      {row.label}
                      {row.higherIsBetter ? null : <span className="muted"> (lower is better)</span>}
                    </td>
                    {row.values.map((value, i) => (
                      <td key={runs[i]?.id ?? i} className="num">
                        {formatValue(value, row.format)}
                      </td>
                    ))}
                    {row.deltas.slice(1).map((delta, i) => (
                      <td key={candidates[i]?.id ?? i} className="num">
                        <DeltaCell delta={delta} format={row.format} higherIsBetter={row.higherIsBetter} />
                      </td>
                    ))}
                  </tr>
                ))}
            </Fragment>
          ))}
        </tbody>
      </table>
      {missing.map((family) => (
        <MissingFamilyLine key={family.source} family={family} />
      ))}
    </>
  );
}
