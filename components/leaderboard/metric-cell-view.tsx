import type { TableMetricCell } from "@/lib/presenters/leaderboard-rows";
import styles from "./leaderboard.module.css";

/** A metric cell's content; its title and muted look sit on the table cell (one element fewer per cell). */
export function MetricCellView({ cell }: { cell: TableMetricCell | undefined }) {
  if (!cell) return "n/a";
  return (
    <>
      {cell.text}
      {cell.detail ? <span className={styles.detail}>{cell.detail}</span> : null}
    </>
  );
}
