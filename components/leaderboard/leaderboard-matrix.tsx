import Link from "next/link";
import type { LeaderboardMatrix } from "@/lib/presenters/leaderboard-matrix";
import styles from "./leaderboard.module.css";

interface Props {
  matrix: LeaderboardMatrix;
  /** The ranking of one suite (the existing per-suite leaderboard). */
  suiteHref: (suiteId: string) => string;
}

/** Models down, suites across; a cell links to its run, a suite header to that suite's ranking. */
export function LeaderboardMatrixTable({ matrix, suiteHref }: Props) {
  return (
    <div
      className={`table-scroller ${styles.scroll}`}
      tabIndex={0}
      role="region"
      aria-label="Models by suite, scrolls sideways"
    >
      <table className="data" aria-label="Models by suite">
        <thead>
          <tr>
            <th scope="col" className={styles.stickyFirst}>
              Model
            </th>
            <th scope="col">Variant</th>
            {matrix.columns.map((column) => (
              <th key={column.key} scope="col" className="num">
                <Link href={suiteHref(column.suiteId)} title={`Ranking of the runs of ${column.label}`}>
                  {column.label}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={styles.stickyFirst}>
                {row.model}
              </th>
              <td>
                <span className="badge">{row.variant}</span>
              </td>
              {matrix.columns.map((column) => {
                const cell = row.cells[column.key];
                if (!cell)
                  return (
                    <td key={column.key} className="num muted">
                      not run
                    </td>
                  );
                return (
                  <td key={column.key} className="num">
                    <Link href={`/runs/${encodeURIComponent(cell.runId)}`} title={cell.runName}>
                      {cell.success}
                    </Link>
                    <span className={styles.detail}>
                      {cell.interval ? `${cell.interval} · ` : ""}n {cell.count}
                    </span>
                    {cell.passK ? (
                      <span className={styles.detail}>
                        pass^{cell.passK.k} {cell.passK.text}
                      </span>
                    ) : null}
                    {cell.otherRuns > 0 ? (
                      <span className={styles.detail}>
                        +{cell.otherRuns} older run{cell.otherRuns === 1 ? "" : "s"}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
