import type { TimelineTurnHeader } from "@/lib/presenters/timeline-model";
import styles from "./timeline.module.css";

export function TimelineTurnRow({ turn }: { turn: TimelineTurnHeader }) {
  return (
    <div className={`${styles.turn} ${turn.flagged ? styles.flaggedTurn : ""}`} data-turn={turn.turnIndex}>
      <strong>Turn {turn.turnIndex}</strong>
      <span className="muted">
        {" "}
        · {turn.eventCount} events ·{" "}
        {turn.actors.map((actor) => (actor === "user" ? "simulated user" : actor)).join(", ")}
      </span>
      {turn.flagged ? <span className="badge bad">judge flagged</span> : null}
      {turn.labels.map((label, index) => (
        <div key={index} className={styles.turnLabel}>
          judge: {label.success === undefined ? "no verdict" : label.success ? "success" : "failure"}
          {label.failureCategory ? ` · ${label.failureCategory}` : ""}
          {label.errorSource ? ` · error source ${label.errorSource}` : ""}
          {label.rationale ? <span className="muted"> · {label.rationale}</span> : null}
        </div>
      ))}
    </div>
  );
}
