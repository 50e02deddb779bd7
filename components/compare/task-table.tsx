import Link from "next/link";
import { formatDelta, formatCount, formatValue } from "@/lib/presenters/format";
import { compareHref, compareTaskHref, type ComparePageQuery } from "@/lib/presenters/compare-params";
import { runLabel } from "@/lib/presenters/compare-export-tables";
import { TASK_FILTERS, TRANSITION_LABELS } from "@/lib/presenters/compare-task-rows";
import type { ListPage } from "@/lib/presenters/list-page";
import type { ComparedRun, TaskComparisonRow, TransitionKind } from "@/lib/presenters/compare-types";
import styles from "./compare.module.css";

const TONE: Record<TransitionKind, string> = { bothPass: "ok", fixed: "ok", broken: "bad", bothFail: "" };

/** One page of the task rows the filter kept (`rows`), out of `total` shared tasks. */
export function TaskTable({
  runs,
  rows,
  total,
  query,
}: {
  runs: ComparedRun[];
  rows: ListPage<TaskComparisonRow>;
  total: number;
  query: ComparePageQuery;
}) {
  const [baseline, candidate] = runs;
  if (!baseline || !candidate) return null;
  if (total === 0)
    return (
      <p className="panel">
        The two runs share no task (tasks are matched by their external id), so there is nothing to compare task by
        task.
      </p>
    );
  const nextDiffSort = query.sort === "diff-desc" ? "diff-asc" : "diff-desc";
  const { crossSuite } = query;
  const pageHref = (page: number) => compareHref(query.runs, { ...query, page });
  return (
    <>
      <div className={`row ${styles.tools}`} role="navigation" aria-label="Task filter">
        <span className="muted">Show:</span>
        {TASK_FILTERS.map((filter) => (
          <Link
            key={filter}
            href={compareHref(query.runs, { filter, sort: query.sort, crossSuite })}
            className={query.filter === filter ? styles.active : undefined}
            aria-current={query.filter === filter ? "true" : undefined}
          >
            {filter}
          </Link>
        ))}
        <span className="muted">
          {rows.total} of {total} shared tasks; fixed / broken = {runLabel(candidate)} vs {runLabel(baseline)} (majority
          of trials)
        </span>
      </div>
      {rows.pages > 1 ? (
        <p className="row" role="navigation" aria-label="Task pages">
          <span className="muted">
            {rows.from}-{rows.to} of {rows.total}
          </span>
          {rows.page > 1 ? <Link href={pageHref(rows.page - 1)}>previous</Link> : null}
          {rows.page < rows.pages ? <Link href={pageHref(rows.page + 1)}>next</Link> : null}
        </p>
      ) : null}
      <table className="data" aria-label="Tasks">
        <thead>
          <tr>
            <th>
              <Link href={compareHref(query.runs, { filter: query.filter, sort: "task", crossSuite })}>
                Task{query.sort === "task" ? " ▲" : ""}
              </Link>
            </th>
            {runs.map((run) => (
              <th key={run.id} className="num">
                {runLabel(run)}
              </th>
            ))}
            <th className="num">
              <Link href={compareHref(query.runs, { filter: query.filter, sort: nextDiffSort, crossSuite })}>
                Difference{query.sort === "diff-desc" ? " ▼" : query.sort === "diff-asc" ? " ▲" : ""}
              </Link>
            </th>
            <th>Transition</th>
          </tr>
        </thead>
        <tbody>
          {rows.items.map((row) => (
            <tr key={row.taskId}>
              <td className="mono">
                {/* A plain link: a Link per row is a client component to render and hydrate, and prefetches every
                    task's side-by-side timelines as the table scrolls into view. */}
                <a href={compareTaskHref([baseline.id, candidate.id], row.taskId)}>{row.taskId}</a>
              </td>
              {row.perRun.map((entry, i) => (
                <td key={runs[i]?.id ?? i} className="num">
                  {entry ? (
                    <>
                      {formatValue(entry.rate, "rate")} <span className="muted">({formatCount(entry.c, entry.n)})</span>
                    </>
                  ) : (
                    <span className="muted">n/a</span>
                  )}
                </td>
              ))}
              <td className="num">{formatDelta(row.difference, "rate")}</td>
              <td>
                <span className={`badge ${TONE[row.transition]}`}>{TRANSITION_LABELS[row.transition]}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
