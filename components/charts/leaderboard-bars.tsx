import Link from "next/link";
import type { ChartSeries } from "@/lib/presenters/leaderboard-chart";
import styles from "./leaderboard-chart.module.css";

const percent = (value: number) => `${Math.min(100, Math.max(0, value))}%`;

/**
 * One horizontal bar per run, its full name beside it (wrapping, never cut: under vertical bars the names were
 * tilted and clipped, so bars could not be told apart). Plain HTML: it renders on the server and sizes itself.
 */
export function LeaderboardBars({ series }: { series: ChartSeries }) {
  return (
    <ol className={styles.bars} aria-label={`${series.metricLabel} per run`}>
      {series.points.map((point) => {
        const low = point.error ? point.value - point.error[0] : null;
        const high = point.error ? point.value + point.error[1] : null;
        return (
          <li key={point.runId} className={styles.barRow}>
            <Link className={styles.barLabel} href={`/runs/${encodeURIComponent(point.runId)}`}>
              {point.label}
            </Link>
            <span className={styles.track} aria-hidden="true">
              <span className={styles.bar} style={{ width: percent(point.value) }} />
              {low !== null && high !== null ? (
                <span className={styles.whisker} style={{ left: percent(low), width: percent(high - low) }} />
              ) : null}
            </span>
            <span className={styles.barValue}>
              {point.value.toFixed(1)}%{point.uncertainty ? <span className="muted"> {point.uncertainty}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
