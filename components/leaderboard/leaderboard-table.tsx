"use client";

import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { useMemo } from "react";
import type { MetricDefinition, MetricGroupId } from "@/lib/presenters/leaderboard-metrics";
import { tableCellTitle, type TableLeaderboardRow } from "@/lib/presenters/leaderboard-rows";
import { buildLeaderboardColumns, NUMERIC_INFO_COLUMNS } from "./leaderboard-columns";
import { SelectColumnHeader } from "./select-column-header";
import styles from "./leaderboard.module.css";

/** The column that names the run stays in view when the metric columns scroll. */
const STICKY_COLUMN = "model";

interface Props {
  rows: TableLeaderboardRow[];
  definitions: MetricDefinition[];
  groups: MetricGroupId[];
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
  selected: readonly string[];
  onSelectionChange: (next: RowSelectionState) => void;
  pending: boolean;
}

function resolve<T>(updater: Updater<T>, current: T): T {
  return typeof updater === "function" ? (updater as (old: T) => T)(current) : updater;
}

export function LeaderboardTable({
  rows,
  definitions,
  groups,
  sorting,
  onSortingChange,
  selected,
  onSelectionChange,
  pending,
}: Props) {
  const columns = useMemo(() => buildLeaderboardColumns(definitions, groups), [definitions, groups]);
  const metricIds = useMemo(() => new Set(definitions.map((d) => d.id)), [definitions]);
  const definitionOf = useMemo(() => new Map(definitions.map((d) => [d.id, d])), [definitions]);
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries(selected.map((id) => [id, true])),
    [selected],
  );
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
    state: { sorting, rowSelection },
    onSortingChange: (updater) => onSortingChange(resolve(updater, sorting)),
    onRowSelectionChange: (updater) => onSelectionChange(resolve(updater, rowSelection)),
  });
  const isNumeric = (id: string) => metricIds.has(id) || NUMERIC_INFO_COLUMNS.has(id);
  const cellClass = (id: string) =>
    [isNumeric(id) ? "num" : "", id === STICKY_COLUMN ? styles.stickyName : ""].filter(Boolean).join(" ") || undefined;

  return (
    <div className={`table-scroller ${styles.scroll} ${pending ? styles.pending : ""}`} aria-busy={pending}>
      <table className="data" aria-label="Leaderboard">
        <thead>
          {table.getHeaderGroups().map((headerGroup, depth) => (
            <tr key={headerGroup.id}>
              {depth === 0 ? (
                <th rowSpan={2} className={styles.stickySelect}>
                  <SelectColumnHeader table={table} />
                </th>
              ) : null}
              {headerGroup.headers.map((header) => {
                if (header.isPlaceholder) return <th key={header.id} colSpan={header.colSpan} />;
                if (header.subHeaders.length > 0) {
                  return (
                    <th key={header.id} colSpan={header.colSpan} className={styles.groupHeader}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
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
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      {sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} aria-selected={row.getIsSelected()}>
              <td className={styles.stickySelect}>
                <input
                  type="checkbox"
                  aria-label={`Select ${row.original.model} ${row.original.variant} (${row.original.name})`}
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              </td>
              {row.getVisibleCells().map((cell) => {
                // Metric cells carry their explanation as the cell's title and grey out when undefined.
                const definition = definitionOf.get(cell.column.id);
                const metric = definition ? row.original.cells[cell.column.id] : undefined;
                const muted = metricIds.has(cell.column.id) && (metric?.value ?? null) === null;
                return (
                  <td
                    key={cell.id}
                    className={[cellClass(cell.column.id), muted ? "muted" : ""].filter(Boolean).join(" ") || undefined}
                    title={metric && definition ? tableCellTitle(metric, definition) : undefined}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
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
