import type { VerdictModel } from "@/lib/presenters/verdict-types";
import { formatNumber } from "@/lib/presenters/format";
import { VerdictCheckRow } from "./verdict-check-row";
import styles from "./verdict.module.css";

const SOURCE_LABELS: Record<VerdictModel["source"], string> = {
  tau2: "tau2",
  "tau-bench": "tau-bench",
  bundle: "Loopscope bundle checks",
};

export function VerdictHeadline({ verdict }: { verdict: VerdictModel }) {
  if (verdict.headline === null) {
    if (verdict.passed === true)
      return (
        <p className={`${styles.headline} ${styles.passed}`} aria-label="Verdict headline">
          Passed every check that counts.
        </p>
      );
    return null;
  }
  return (
    <p className={styles.headline} aria-label="Verdict headline">
      {verdict.headline}
    </p>
  );
}

/** The benchmark's verdict, check by check; every event a check refers to is a link into the timeline. */
export function VerdictPanel({ verdict }: { verdict: VerdictModel }) {
  return (
    <section aria-label="Verdict" className="panel">
      <h2>
        Why it {verdict.passed === false ? "failed" : verdict.passed === true ? "passed" : "ended so"} ·{" "}
        {SOURCE_LABELS[verdict.source]}
      </h2>
      {verdict.reward ? (
        <p aria-label="Reward basis">
          Reward <strong>{formatNumber(verdict.reward.reward)}</strong>
          {verdict.reward.basis.length > 0 ? <> · basis {verdict.reward.basis.join(" × ")}</> : null}
          {verdict.reward.breakdown.map((entry) => (
            <span key={entry.name}>
              {" "}
              · {entry.name} {formatNumber(entry.value)}
            </span>
          ))}
        </p>
      ) : null}
      {verdict.notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
      {verdict.checks.length > 0 ? (
        <ul className={styles.checks} aria-label="Checks">
          {verdict.checks.map((check) => (
            <VerdictCheckRow key={check.id} check={check} />
          ))}
        </ul>
      ) : (
        <p className="muted">No check recorded or defined for this trajectory.</p>
      )}
    </section>
  );
}
