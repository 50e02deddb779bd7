import type { MetricCell } from "@/lib/presenters/leaderboard-metrics";
import styles from "./leaderboard.module.css";

export function MetricCellView({ cell }: { cell: MetricCell | undefined }) {
  if (!cell) return <span className="muted">n/a</span>;
  return (
    <span title={cell.title}>
      <span className={cell.value === null ? "muted" : undefined}>{cell.text}</span>
      {cell.detail ? <span className={styles.detail}>{cell.detail}</span> : null}
    </span>
  );
}
