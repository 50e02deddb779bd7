import type { TurnLabel } from "@/lib/presenters/timeline-model";
import styles from "./timeline.module.css";

const SOURCES: Record<string, string> = { agent: "agent", user: "simulated user", tool: "tool", unknown: "unknown" };

/** tau2's severities in words: a user's critical error either helped or hindered the agent. */
export function severityText(severity: string | undefined): string {
  if (severity === undefined) return "not given";
  if (severity === "critical_helped") return "critical (helped the agent)";
  if (severity === "critical_hindered") return "critical (hindered the agent)";
  return severity.replaceAll("_", " ");
}

/** One error a judge (a tau2 review) placed on this event's turn: who, how bad, what kind, why, and what instead. */
export function JudgeErrorMarker({ error }: { error: TurnLabel }) {
  const source = SOURCES[error.errorSource ?? "unknown"] ?? error.errorSource ?? "unknown";
  const critical = error.severity?.startsWith("critical") ?? false;
  const title = `${error.judge ?? "judge"}: ${source} error at turn ${error.turn}`;
  return (
    <div role="group" aria-label={title} className={styles.judgeError} data-judge-error={error.turn}>
      <div className={styles.judgeErrorHead}>
        <span className={`badge ${critical ? "bad" : "warn"}`}>{critical ? "critical" : "error"}</span>
        <strong>{title}</strong>
      </div>
      <dl className={styles.judgeErrorFacts}>
        <dt>Source</dt>
        <dd>{source}</dd>
        <dt>Severity</dt>
        <dd>{severityText(error.severity)}</dd>
        {error.errorType ? (
          <>
            <dt>Type</dt>
            <dd>{error.errorType.replaceAll("_", " ")}</dd>
          </>
        ) : null}
        <dt>Tags</dt>
        <dd>{error.tags && error.tags.length > 0 ? error.tags.join(", ") : "none"}</dd>
        {error.rationale ? (
          <>
            <dt>Reasoning</dt>
            <dd>{error.rationale}</dd>
          </>
        ) : null}
        {error.correctBehavior ? (
          <>
            <dt>Correct behaviour</dt>
            <dd>{error.correctBehavior}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
