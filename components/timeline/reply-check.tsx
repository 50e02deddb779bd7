import type { ReplyCheckView } from "@/lib/presenters/timeline-reply";
import styles from "./reply-check.module.css";

export function ReplyCheck({
  view,
  finalReply,
  inferred,
}: {
  view: ReplyCheckView;
  finalReply: string | null;
  inferred: boolean;
}) {
  return (
    <div>
      {view.required.length > 0 ? (
        <ul className={styles.required} aria-label="Required reply strings">
          {view.required.map((item, index) => (
            <li key={index}>
              <span className={`badge ${item.found ? "ok" : "bad"}`}>{item.found ? "found" : "missing"}</span>{" "}
              <span className="mono">{item.text}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">The task requires no reply strings.</p>
      )}
      {view.ruleNote ? <p className="muted">{view.ruleNote}</p> : null}
      <h4 className={styles.heading}>
        Final reply{" "}
        {inferred ? (
          <span className="badge warn" title="Taken from the last agent message: the source recorded no final reply">
            inferred
          </span>
        ) : null}
      </h4>
      {finalReply === null ? (
        <p className="muted">n/a: no final reply.</p>
      ) : (
        <div className={styles.reply} aria-label="Final reply">
          {view.segments.map((segment, index) =>
            segment.match !== null ? (
              <mark key={index} className={styles.match}>
                {segment.text}
              </mark>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
          )}
        </div>
      )}
    </div>
  );
}
