import type { AlignedTimelines, EventLine, ResultLine } from "@/lib/presenters/compare-timeline-alignment";
import styles from "./timeline.module.css";

/** One line that opens in place to the full text when it was shortened. */
function Expandable({ summary, full, label }: { summary: string; full: string; label: string }) {
  if (summary === full) return <span className={`${styles.summary} mono`}>{summary}</span>;
  return (
    <details className={styles.expand}>
      <summary className="mono" aria-label={`${summary} (show the full ${label})`}>
        {summary}
      </summary>
      <pre className={`${styles.full} mono`}>{full}</pre>
    </details>
  );
}

function ResultView({ result }: { result: ResultLine }) {
  return (
    <div
      className={`${styles.result} ${result.isError ? styles.resultError : ""}`}
      aria-label={`Result #${result.seq}`}
    >
      → {result.isError ? <span className="badge bad">error{result.errorInferred ? " (inferred)" : ""}</span> : null}{" "}
      <Expandable summary={result.summary} full={result.full} label={`result #${result.seq}`} />
    </div>
  );
}

function EventCell({ line }: { line: EventLine | null }) {
  if (!line) return <span className={styles.empty}>no event</span>;
  return (
    <div data-seq={line.seq}>
      <div className={styles.line}>
        <span className={styles.kind}>
          #{line.seq} {line.kind}
        </span>
        <span className={styles.actor}>{line.actor}</span>
        {line.toolName ? <span className={styles.tool}>{line.toolName}</span> : null}
        <Expandable summary={line.summary} full={line.full} label={`text of event #${line.seq}`} />
        {line.isError ? <span className="badge bad">error{line.errorInferred ? " (inferred)" : ""}</span> : null}
      </div>
      {line.result ? <ResultView result={line.result} /> : null}
    </div>
  );
}

/**
 * Two trajectories of one task aligned by user turns and, inside a turn, by agent actions; the first
 * differing agent action is highlighted, user rewording only tinted.
 */
export function SideBySideTimeline({ alignment, labels }: { alignment: AlignedTimelines; labels: [string, string] }) {
  return (
    <table className={styles.grid} aria-label="Side-by-side timelines">
      <thead>
        <tr>
          <th className={styles.turn}>User turn</th>
          <th>{labels[0]}</th>
          <th>{labels[1]}</th>
        </tr>
      </thead>
      <tbody>
        {alignment.rows.map((row) => {
          const classes = [
            row.isFirstDivergence ? styles.divergence : row.differs ? styles.differs : "",
            row.kind === "user" ? styles.userRow : "",
            row.position === 0 ? styles.turnStart : "",
          ].join(" ");
          return (
            <tr
              key={`${row.turnIndex}-${row.position}`}
              className={classes}
              data-first-divergence={row.isFirstDivergence ? "true" : undefined}
              data-user-turn={row.turnIndex}
              data-row-kind={row.kind}
            >
              <td className={styles.turn}>
                {row.position === 0 ? row.turnIndex : ""}
                {row.kind === "user" && row.differs && row.a && row.b ? (
                  <div className={`muted ${styles.turnNote}`}>reworded</div>
                ) : null}
                {row.isFirstDivergence ? <div className={styles.marker}>▶ first divergence</div> : null}
              </td>
              <td className={styles.cell}>
                <span className={styles.side} aria-hidden="true">
                  {labels[0]}
                </span>
                <EventCell line={row.a} />
              </td>
              <td className={styles.cell}>
                <span className={styles.side} aria-hidden="true">
                  {labels[1]}
                </span>
                <EventCell line={row.b} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
