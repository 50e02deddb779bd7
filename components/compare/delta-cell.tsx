import type { PairedMetricDelta } from "@/lib/metrics/paired-metric-delta";
import { formatDelta, formatDeltaInterval, type ValueFormat } from "@/lib/presenters/format";
import styles from "./compare.module.css";

/** A paired delta with its interval; marked when the interval excludes zero, coloured by whether the change is good. */
export function DeltaCell({
  delta,
  format,
  higherIsBetter,
}: {
  delta: PairedMetricDelta | null;
  format: ValueFormat;
  higherIsBetter: boolean;
}) {
  if (!delta || delta.delta === null) return <span className="muted">n/a</span>;
  const improved = higherIsBetter ? delta.delta > 0 : delta.delta < 0;
  const tone = delta.excludesZero ? (improved ? styles.better : styles.worse) : "";
  return (
    <span className={styles.delta}>
      <span className={tone}>{formatDelta(delta.delta, format)}</span>
      {delta.excludesZero ? (
        <span className={`badge ${improved ? "ok" : "bad"} ${styles.marker}`} title="95% paired interval excludes zero">
          ≠ 0
        </span>
      ) : null}
      <span className={styles.interval} title={`95% paired bootstrap interval over ${delta.tasks} shared tasks`}>
        {formatDeltaInterval(delta.interval, format)}
      </span>
    </span>
  );
}
