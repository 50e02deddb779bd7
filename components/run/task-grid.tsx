import Link from "next/link";
import type { TaskGrid as TaskGridData, TaskGridCell, TaskGridSort } from "@/lib/presenters/task-grid";
import {
  buildRunPageHref,
  GRID_PAGE_SIZE,
  GRID_TRIAL_WINDOW,
  taskGridWindow,
  type RunPageQuery,
} from "@/lib/presenters/run-page-query";
import { formatPercent } from "@/lib/presenters/format";
import { Pagination } from "./pagination";
import styles from "./task-grid.module.css";

const SORT_LABELS: Record<TaskGridSort, string> = {
  task: "task id",
  rate: "success rate (always-failing first)",
  flaky: "flakiness (flaky first)",
};
const CLASS_LABELS = {
  "always-failing": "always failing",
  flaky: "flaky",
  "always-passing": "always passing",
  unknown: "unknown",
} as const;

function cellLabel(taskExternalId: string, cell: TaskGridCell): string {
  const error = cell.toolError ? `, tool error${cell.toolErrorsInferred ? " (inferred)" : ""}` : "";
  return `task ${taskExternalId} trial ${cell.trial}: ${cell.outcome}${error}`;
}

export function TaskGrid({ runId, grid, query }: { runId: string; grid: TaskGridData; query: RunPageQuery }) {
  // Trial columns are windowed too: a run of 100 trials per task would otherwise draw 100 cells per row.
  const { pages, page, firstRow, windows, trialWindow, firstColumn } = taskGridWindow(
    grid.rows.length,
    grid.trials.length,
    query,
  );
  const rows = grid.rows.slice(firstRow, firstRow + GRID_PAGE_SIZE);
  const trials = grid.trials.slice(firstColumn, firstColumn + GRID_TRIAL_WINDOW);
  return (
    <section aria-label="Task grid" id="grid" className="panel">
      <h2 className={styles.heading}>Tasks x trials</h2>
      <div className="row">
        <span className="muted">Sort by:</span>
        {(Object.keys(SORT_LABELS) as TaskGridSort[]).map((sort) =>
          sort === query.gridSort ? (
            <strong key={sort}>{SORT_LABELS[sort]}</strong>
          ) : (
            <Link key={sort} href={buildRunPageHref(runId, query, { gridSort: sort, gridPage: 1 }, "#grid")}>
              {SORT_LABELS[sort]}
            </Link>
          ),
        )}
        <span className="spacer" />
        {(Object.keys(CLASS_LABELS) as (keyof typeof CLASS_LABELS)[]).map((key) => (
          <span key={key} className="muted">
            {CLASS_LABELS[key]}: {grid.classCounts[key]}
          </span>
        ))}
      </div>
      <div className={styles.legend}>
        <span>
          <i className={`${styles.swatch} ${styles.success}`} /> success
        </span>
        <span>
          <i className={`${styles.swatch} ${styles.fail}`} /> fail
        </span>
        <span>
          <i className={`${styles.swatch} ${styles.unknown}`} /> unknown
        </span>
        <span>
          <i className={`${styles.swatch} ${styles.infrastructure}`} /> infrastructure
        </span>
        <span>
          <i className={`${styles.swatch} ${styles.unknown}`}>
            <b className={styles.marker} />
          </i>{" "}
          tool error
        </span>
      </div>
      <table className={styles.grid}>
        <thead>
          <tr>
            <th>Task</th>
            {trials.map((trial) => (
              <th key={trial} className={styles.trial}>
                {trial}
              </th>
            ))}
            <th className="num">Success</th>
            <th>Class</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.taskExternalId}>
              <th scope="row" className="mono">
                {row.taskExternalId}
              </th>
              {row.cells.slice(firstColumn, firstColumn + GRID_TRIAL_WINDOW).map((cell, index) => (
                <td key={cell?.id ?? `empty-${index}`}>
                  {cell ? (
                    <Link
                      href={`/runs/${runId}/trajectories/${cell.id}`}
                      className={`${styles.cell} ${styles[cell.outcome]}`}
                      aria-label={cellLabel(row.taskExternalId, cell)}
                      title={`${cellLabel(row.taskExternalId, cell)}; stop: ${cell.stopReason ?? "unknown"}`}
                    >
                      {cell.toolError ? <b className={styles.marker} /> : null}
                    </Link>
                  ) : null}
                </td>
              ))}
              <td className="num">
                {formatPercent(row.rate, 0)}{" "}
                <span className="muted">
                  {row.successes}/{row.known}
                </span>
              </td>
              <td>
                <span
                  className={`badge ${row.taskClass === "always-failing" ? "bad" : row.taskClass === "flaky" ? "warn" : row.taskClass === "always-passing" ? "ok" : ""}`}
                >
                  {CLASS_LABELS[row.taskClass]}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination
        label="Task grid pages"
        page={page}
        pages={pages}
        hrefFor={(target) => buildRunPageHref(runId, query, { gridPage: target }, "#grid")}
        summary={`${grid.rows.length} tasks`}
      />
      {windows > 1 ? (
        <Pagination
          label="Task grid trial columns"
          page={trialWindow}
          pages={windows}
          hrefFor={(target) => buildRunPageHref(runId, query, { gridTrials: target }, "#grid")}
          summary={`trials ${trials[0] ?? ""}-${trials.at(-1) ?? ""} of ${grid.trials.length}; success and class count every trial`}
        />
      ) : null}
    </section>
  );
}
