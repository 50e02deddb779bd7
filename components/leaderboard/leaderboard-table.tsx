"use client";

import { flexRender, getCoreRowModel, useReactTable, type SortingState } from "@tanstack/react-table";
import { useMemo } from "react";
import type { MetricDefinition, MetricGroupId } from "@/lib/presenters/leaderboard-metrics";
import type { TableLeaderboardRow } from "@/lib/presenters/leaderboard-rows";
import { buildLeaderboardColumns, NOWRAP_COLUMNS, NUMERIC_INFO_COLUMNS } from "./leaderboard-columns";
import { useLeaderboardControls } from "./leaderboard-context";
import { PageSelectBox, RunSelectBox } from "./run-select-box";
import styles from "./leaderboard.module.css";

/** The column that names the run stays in view when the metric columns scroll. */
const STICKY_COLUMN = "model";

interface Props {
  rows: TableLeaderboardRow[];
  definitions: MetricDefinition[];
  groups: MetricGroupId[];
  sort: string;
  dir: "asc" | "desc";
  /** One suite picked: its column is left out. */
  oneSuite?: boolean;
}

const selectedRun = (row: TableLeaderboardRow) => ({ id: row.id, label: `${row.model} · ${row.variant}` });

/**
 * TanStack Table holds the columns, their header groups and the sort state; the rows are drawn straight from each
 * leaf column's renderer. TanStack's row model builds a cell object and a context per cell, which was the largest
 * part of this page's server time (25 rows x 27 cells on every request).
 */
export function LeaderboardTable({ rows, definitions, groups, sort, dir, oneSuite = false }: Props) {
  const { navigate } = useLeaderboardControls();
  const columns = useMemo(
    () => buildLeaderboardColumns(definitions, groups, { oneSuite }),
    [definitions, groups, oneSuite],
  );
  const metricIds = useMemo(() => new Set(definitions.map((d) => d.id)), [definitions]);
  const sorting = useMemo<SortingState>(() => [{ id: sort, desc: dir === "desc" }], [sort, dir]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns functions the React Compiler cannot memoize; this component is left uncompiled
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const [first] = typeof updater === "function" ? updater(sorting) : updater;
      navigate({ sort: first?.id, dir: first?.desc === false ? "asc" : "desc", page: 1 });
    },
  });
  const leafColumns = table.getVisibleLeafColumns();
  const cellClass = (id: string, muted = false) =>
    [
      metricIds.has(id) || NUMERIC_INFO_COLUMNS.has(id) ? "num" : "",
      id === STICKY_COLUMN ? styles.stickyName : "",
      NOWRAP_COLUMNS.has(id) ? styles.nowrap : "",
      muted ? "muted" : "",
    ]
      .filter(Boolean)
      .join(" ") || undefined;

  return (
    <table className="data" aria-label="Leaderboard">
      <thead>
        {table.getHeaderGroups().map((headerGroup, depth) => (
          <tr key={headerGroup.id}>
            {depth === 0 ? (
              <th rowSpan={2} className={styles.stickySelect}>
                <PageSelectBox runs={rows.map(selectedRun)} />
              </th>
            ) : null}
            {headerGroup.headers.map((header) => {
              if (header.isPlaceholder) return <th key={header.id} colSpan={header.colSpan} />;
              const label = flexRender(header.column.columnDef.header, header.getContext());
              if (header.subHeaders.length > 0) {
                return (
                  <th key={header.id} colSpan={header.colSpan} className={styles.groupHeader}>
                    {label}
                  </th>
                );
              }
              const sorted = header.column.getIsSorted();
              return (
                <th
                  key={header.id}
                  className={cellClass(header.column.id)}
                  aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
                >
                  <button type="button" className={styles.sortButton} onClick={header.column.getToggleSortingHandler()}>
                    {label}
                    {sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}
                  </button>
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={styles.stickySelect}>
              <RunSelectBox run={selectedRun(row)} label={`Select ${row.model} ${row.variant} (${row.name})`} />
            </td>
            {leafColumns.map((column) => {
              // Metric cells carry their counts as the cell's title and grey out when undefined.
              const metric = metricIds.has(column.id) ? row.cells[column.id] : undefined;
              return (
                <td
                  key={column.id}
                  className={cellClass(column.id, metric !== undefined && metric.value === null)}
                  title={metric?.title}
                >
                  {column.columnDef.meta?.renderCell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
