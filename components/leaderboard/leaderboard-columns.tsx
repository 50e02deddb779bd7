import Link from "next/link";
import type { ReactNode } from "react";
import { createColumnHelper, type ColumnDef, type RowData } from "@tanstack/react-table";
import { METRIC_GROUPS, type MetricDefinition, type MetricGroupId } from "@/lib/presenters/leaderboard-metrics";
import type { TableLeaderboardRow } from "@/lib/presenters/leaderboard-rows";
import { SubmissionBadge } from "@/components/run/submission-claim";
import styles from "./leaderboard.module.css";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameters must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The cell's content straight from the row: the table renders rows without TanStack's per-cell objects. */
    renderCell: (row: TableLeaderboardRow) => ReactNode;
  }
}

/** Sorting happens on the server (the URL holds it); accessors only give TanStack a sortable column. */
type SortValue = string | number | null;
export type LeaderboardColumn = ColumnDef<TableLeaderboardRow, SortValue>;

const columnHelper = createColumnHelper<TableLeaderboardRow>();
const notAvailable = <span className="muted">n/a</span>;

/** Text columns start ascending; numbers start with the highest first. */
const infoColumns: LeaderboardColumn[] = [
  columnHelper.accessor((row): SortValue => row.model, {
    id: "model",
    header: "Model",
    sortDescFirst: false,
    meta: {
      renderCell: (row) => (
        <>
          {row.model}
          <Link className={styles.runName} href={`/runs/${row.id}`}>
            {row.name}
          </Link>
          {row.submissionState ? <SubmissionBadge state={row.submissionState} /> : null}
        </>
      ),
    },
  }),
  columnHelper.accessor((row): SortValue => row.family, {
    id: "family",
    header: "Family",
    sortDescFirst: false,
    meta: { renderCell: (row) => row.family ?? notAvailable },
  }),
  columnHelper.accessor((row): SortValue => row.size, {
    id: "size",
    header: "Size",
    sortDescFirst: true,
    meta: { renderCell: (row) => row.size ?? notAvailable },
  }),
  columnHelper.accessor((row): SortValue => row.variant, {
    id: "variant",
    header: "Variant",
    sortDescFirst: false,
    meta: { renderCell: (row) => <span className="badge">{row.variant}</span> },
  }),
  columnHelper.accessor((row): SortValue => row.suite, {
    id: "suite",
    header: "Suite",
    sortDescFirst: false,
    meta: {
      renderCell: (row) => (
        <Link href={`/suites/${row.suiteId}/protocol`} title="Protocol table of this suite">
          {row.suite}
        </Link>
      ),
    },
  }),
  columnHelper.accessor((row): SortValue => row.trajectories, {
    id: "trajectories",
    header: "Trajectories",
    sortDescFirst: true,
    meta: { renderCell: (row) => row.trajectories },
  }),
  columnHelper.accessor((row): SortValue => row.tasksTrials, {
    id: "tasks",
    header: "Tasks x trials",
    sortDescFirst: true,
    meta: { renderCell: (row) => row.tasksTrials },
  }),
];

export const NUMERIC_INFO_COLUMNS = new Set(["trajectories", "tasks"]);
/** Columns whose content must not wrap (the class sits on the cell: one element fewer a row). */
export const NOWRAP_COLUMNS = new Set(["model", "suite"]);

/** A metric cell shows its text and, below it, the uncertainty or counts; its title sits on the table cell. */
function metricColumn(definition: MetricDefinition): LeaderboardColumn {
  return columnHelper.accessor((row): SortValue => row.cells[definition.id]?.value ?? null, {
    id: definition.id,
    header: () => <span title={definition.description}>{definition.label}</span>,
    sortDescFirst: true,
    meta: {
      renderCell: (row) => {
        const cell = row.cells[definition.id];
        if (!cell) return "n/a";
        return cell.detail ? (
          <>
            {cell.text}
            <span className={styles.detail}>{cell.detail}</span>
          </>
        ) : (
          cell.text
        );
      },
    },
  });
}

/**
 * Run columns, then one column group per visible protocol group. With one suite picked every row names the same
 * suite: its column is left out (the page names the suite), which keeps the sorted metric in view at 1,440 px.
 */
export function buildLeaderboardColumns(
  definitions: readonly MetricDefinition[],
  groups: readonly MetricGroupId[],
  { oneSuite = false }: { oneSuite?: boolean } = {},
): LeaderboardColumn[] {
  const runColumns = oneSuite ? infoColumns.filter((column) => column.id !== "suite") : infoColumns;
  const metricGroups = METRIC_GROUPS.filter((group) => groups.includes(group.id)).map((group): LeaderboardColumn =>
    columnHelper.group({
      id: `group-${group.id}`,
      header: group.label,
      columns: definitions.filter((d) => d.group === group.id).map(metricColumn),
    }),
  );
  return [columnHelper.group({ id: "group-run", header: "Run", columns: runColumns }), ...metricGroups];
}
