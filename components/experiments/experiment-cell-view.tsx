import Link from "next/link";
import type { ExperimentCell } from "@/lib/presenters/experiment-matrix";
import {
  formatEffect,
  formatEffectInterval,
  formatNoiseFloor,
  formatP,
  formatSuccess,
} from "@/lib/presenters/experiment-view";
import styles from "./experiments.module.css";

/** One suite x setting of one model: both runs' success, the paired delta and its test, links to the runs and their comparison. */
export function ExperimentCellView({ cell, variant }: { cell: ExperimentCell; variant: string }) {
  return (
    <div className={styles.cell}>
      <div>
        <Link href={`/runs/${encodeURIComponent(cell.baseRunId)}`} title={cell.baseRunName}>
          base
        </Link>{" "}
        <span className={styles.figure}>{formatSuccess(cell.baseSuccess)}</span>
      </div>
      <div>
        <Link href={`/runs/${encodeURIComponent(cell.candidateRunId)}`} title={cell.candidateRunName}>
          {variant}
        </Link>{" "}
        <span className={styles.figure}>{formatSuccess(cell.candidateSuccess)}</span>
      </div>
      <div className={styles.delta}>
        <Link
          href={cell.compareHref}
          aria-label={`Δ ${formatEffect(cell.delta)}: compare ${cell.baseRunName} with ${cell.candidateRunName}`}
        >
          Δ <span data-testid="cell-delta">{formatEffect(cell.delta)}</span>
        </Link>{" "}
        <span className={styles.figure}>{formatEffectInterval(cell.delta)}</span>
      </div>
      <div className="muted">
        McNemar p <span data-testid="cell-p">{formatP(cell.mcnemarP)}</span> · {cell.sharedTasks} shared tasks · noise{" "}
        {formatNoiseFloor(cell.noiseFloorSd)}
      </div>
      {cell.alternativeBaseRunIds.length + cell.otherCandidateRunIds.length > 0 ? (
        <div className="muted">
          {cell.alternativeBaseRunIds.length > 0
            ? `${cell.alternativeBaseRunIds.length} other base run(s) not used. `
            : ""}
          {cell.otherCandidateRunIds.length > 0
            ? `${cell.otherCandidateRunIds.length} older ${variant} run(s) not shown.`
            : ""}
        </div>
      ) : null}
    </div>
  );
}
