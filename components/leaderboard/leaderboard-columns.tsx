import Link from "next/link";
import { createColumnHelper, type ColumnDef } from "@tanstack/react-table";
import { METRIC_GROUPS, type MetricDefinition, type MetricGroupId } from "@/lib/presenters/leaderboard-metrics";
import type { TableLeaderboardRow } from "@/lib/presenters/leaderboard-rows";
import { MetricCellView } from "./metric-cell-view";
import styles from "./leaderboard.module.css";

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
    cell: ({ row }) => (
      <span className={styles.nowrap}>
        {row.original.model}
        <Link className={styles.runName} href={`/runs/${row.original.id}`}>
          {row.original.name}
        </Link>
      </span>
    ),
  }),
  columnHelper.accessor((row): SortValue => row.family, {
    id: "family",
    header: "Family",
    sortDescFirst: false,
    cell: ({ row }) => row.original.family ?? notAvailable,
  }),
  columnHelper.accessor((row): SortValue => row.size, {
    id: "size",
    header: "Size",
    sortDescFirst: true,
    cell: ({ row }) => row.original.size ?? notAvailable,
  }),
  columnHelper.accessor((row): SortValue => row.variant, {
    id: "variant",
    header: "Variant",
    sortDescFirst: false,
    cell: ({ row }) => <span className="badge">{row.original.variant}</span>,
  }),
  columnHelper.accessor((row): SortValue => row.suite, {
    id: "suite",
    header: "Suite",
    sortDescFirst: false,
    cell: ({ row }) => (
      <Link
        className={styles.nowrap}
        href={`/suites/${row.original.suiteId}/protocol`}
        title="Protocol table of this suite"
      >
        {row.original.suite}
      </Link>
    ),
  }),
  columnHelper.accessor((row): SortValue => row.trajectories, {
    id: "trajectories",
    header: "Trajectories",
    sortDescFirst: true,
    cell: ({ row }) => row.original.trajectories,
  }),
  columnHelper.accessor((row): SortValue => row.tasksTrials, {
    id: "tasks",
    header: "Tasks x trials",
    sortDescFirst: true,
    cell: ({ row }) => row.original.tasksTrials,
  }),
];

export const NUMERIC_INFO_COLUMNS = new Set(["trajectories", "tasks"]);

function metricColumn(definition: MetricDefinition): LeaderboardColumn {
  return columnHelper.accessor((row): SortValue => row.cells[definition.id]?.value ?? null, {
    id: definition.id,
    header: () => <span title={definition.description}>{definition.label}</span>,
    sortDescFirst: true,
    cell: ({ row }) => <MetricCellView cell={row.original.cells[definition.id]} />,
  });
}

/** Run columns, then one column group per visible protocol group. */
export function buildLeaderboardColumns(
  definitions: readonly MetricDefinition[],
  groups: readonly MetricGroupId[],
): LeaderboardColumn[] {
  const metricGroups = METRIC_GROUPS.filter((group) => groups.includes(group.id)).map((group): LeaderboardColumn =>
    columnHelper.group({
      id: `group-${group.id}`,
      header: group.label,
      columns: definitions.filter((d) => d.group === group.id).map(metricColumn),
    }),
  );
  return [columnHelper.group({ id: "group-run", header: "Run", columns: infoColumns }), ...metricGroups];
}
