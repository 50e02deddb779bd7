import Link from "next/link";
import { formatDelta, formatDeltaInterval, formatPValue } from "@/lib/presenters/format";
import { compareHref } from "@/lib/presenters/compare-params";
import { runLabel } from "@/lib/presenters/compare-export-tables";
import type { ComparedRun, PairAnalysis } from "@/lib/presenters/compare-types";
import styles from "./compare.module.css";

function NoiseNote({ pair }: { pair: PairAnalysis }) {
  const { noiseNote, noiseFloor } = pair;
  if (noiseNote.singleTrial) {
    return (
      <div className={styles.note} role="note">
        Noise floor unknown: the baseline has a single trial per task, so trial-to-trial variation cannot be estimated.
        Benchmarks re-run with identical settings flip 10-55% of task verdicts; treat a difference from one trial per
        task with caution.
      </div>
    );
  }
  const band =
    noiseFloor.differenceSd === null
      ? "n/a"
      : formatDeltaInterval({ low: -2 * noiseFloor.differenceSd, high: 2 * noiseFloor.differenceSd }, "rate");
  return (
    <div className={noiseNote.withinNoise ? styles.warning : styles.note} role="note">
      {noiseNote.withinNoise ? "Within the noise floor: " : "Beyond the noise floor: "}
      re-running the baseline alone moves its success rate by about ±2 SD = {band} (estimated from its own trials on{" "}
      {noiseFloor.tasks} tasks
      {noiseFloor.skippedTasks > 0 ? `; ${noiseFloor.skippedTasks} single-trial tasks skipped` : ""}).
    </div>
  );
}

export function PairedAnalysis({
  baseline,
  candidate,
  pair,
  runIds,
}: {
  baseline: ComparedRun;
  candidate: ComparedRun;
  pair: PairAnalysis;
  runIds: string[];
}) {
  const { transitions, meanDifference, interval, mcnemarP, skippedTasks } = pair.paired;
  const excludesZero = interval !== null && (interval.low > 0 || interval.high < 0);
  return (
    <section className="panel" aria-label={`Paired analysis ${runLabel(candidate)}`}>
      <h3>
        {runLabel(candidate)} vs {runLabel(baseline)} on {pair.sharedTasks} shared tasks
      </h3>
      {pair.baselineOnlyTasks + pair.candidateOnlyTasks > 0 ? (
        <div className={styles.warning} role="note">
          {pair.baselineOnlyTasks + pair.candidateOnlyTasks} tasks left out: {pair.baselineOnlyTasks} only in the
          baseline, {pair.candidateOnlyTasks} only in {runLabel(candidate)}.
        </div>
      ) : null}
      {pair.warnings.map((warning) => (
        <div key={warning} className={styles.warning} role="alert">
          {warning}
        </div>
      ))}
      <div className="row">
        <table className={styles.transitions} aria-label="Transitions">
          <thead>
            <tr>
              <th />
              <th>{runLabel(candidate)} passes</th>
              <th>{runLabel(candidate)} fails</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th>baseline passes</th>
              <td title="both pass">
                both pass <strong>{transitions.bothPass}</strong>
              </td>
              <td title="broken">
                <Link href={compareHref(runIds, { filter: "broken" })}>broken</Link>{" "}
                <strong className={styles.worse}>{transitions.onlyA}</strong>
              </td>
            </tr>
            <tr>
              <th>baseline fails</th>
              <td title="fixed">
                <Link href={compareHref(runIds, { filter: "fixed" })}>fixed</Link>{" "}
                <strong className={styles.better}>{transitions.onlyB}</strong>
              </td>
              <td title="both fail">
                both fail <strong>{transitions.bothFail}</strong>
              </td>
            </tr>
          </tbody>
        </table>
        <div>
          <span className={styles.stat}>
            Mean success difference <strong>{formatDelta(meanDifference, "rate")}</strong>
          </span>
          <span className={styles.stat}>
            95% paired bootstrap <strong>{formatDeltaInterval(interval, "rate")}</strong>
            {excludesZero ? <span className={`badge ok ${styles.marker}`}>≠ 0</span> : null}
          </span>
          <span className={styles.stat}>
            McNemar exact p <strong>{formatPValue(mcnemarP)}</strong>
          </span>
          <p className="muted">
            A task passes when more than half its scored trials succeed (a tie fails).{" "}
            {skippedTasks > 0 ? `${skippedTasks} tasks without a scored trial on one side skipped.` : ""}
          </p>
        </div>
      </div>
      <NoiseNote pair={pair} />
    </section>
  );
}
