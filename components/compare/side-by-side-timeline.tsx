import type { AlignedTimelines, EventLine } from "@/lib/presenters/compare-timeline-alignment";
import styles from "./timeline.module.css";

function EventCell({ line }: { line: EventLine | null }) {
  if (!line) return <span className={styles.empty}>no event</span>;
  return (
    <div className={styles.line} title={line.full}>
      <span className={styles.kind}>{line.kind}</span>
      <span className={styles.actor}>{line.actor}</span>
      {line.toolName ? <span className={styles.tool}>{line.toolName}</span> : null}
      <span className={`${styles.summary} mono`}>{line.summary}</span>
      {line.isError ? <span className="badge bad">error{line.errorInferred ? " (inferred)" : ""}</span> : null}
    </div>
  );
}

/** Two trajectories of one task, one line per event, aligned by turn; the first divergence is highlighted. */
export function SideBySideTimeline({ alignment, labels }: { alignment: AlignedTimelines; labels: [string, string] }) {
  return (
    <table className={styles.grid} aria-label="Side-by-side timelines">
      <thead>
        <tr>
          <th className={styles.turn}>Turn</th>
          <th>{labels[0]}</th>
          <th>{labels[1]}</th>
        </tr>
      </thead>
      <tbody>
        {alignment.rows.map((row) => {
          const classes = [row.isFirstDivergence ? styles.divergence : row.differs ? styles.differs : "", row.position === 0 ? styles.turnStart : ""].join(" ");
          return (
            <tr key={`${row.turnIndex}-${row.position}`} className={classes} data-first-divergence={row.isFirstDivergence ? "true" : undefined}>
              <td className={styles.turn}>
                {row.position === 0 ? row.turnIndex : ""}
                {row.isFirstDivergence ? <div className={styles.marker}>▶ first divergence</div> : null}
              </td>
              <td className={styles.cell}>
                <EventCell line={row.a} />
              </td>
              <td className={styles.cell}>
                <EventCell line={row.b} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
