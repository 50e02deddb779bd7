import { EVENT_KINDS } from "@/lib/contracts/event";
import type { TimelineEvent } from "@/lib/presenters/timeline-model";
import { CollapsibleText } from "./collapsible-text";
import { JudgeErrorMarker } from "./judge-error-marker";
import styles from "./timeline.module.css";

interface EventRowProps {
  event: TimelineEvent;
  /** Labels of the verdict checks that refer to this event. */
  marks?: readonly string[];
  expanded: boolean;
  onToggle: (seq: number) => void;
  onJump: (seq: number) => void;
}

function JumpLink({ seq, onJump, children }: { seq: number; onJump: (seq: number) => void; children: string }) {
  return (
    <button type="button" className={styles.jump} onClick={() => onJump(seq)}>
      {children}
    </button>
  );
}

export function TimelineEventRow({ event, marks, expanded, onToggle, onJump }: EventRowProps) {
  const rowClass = [
    styles.event,
    styles[`actor_${event.actor}`] ?? "",
    event.isError ? styles.errorRow : "",
    event.firstError ? styles.firstError : "",
  ].join(" ");
  return (
    <article
      className={rowClass}
      data-event-row={event.seq}
      aria-label={`event ${event.seq}: ${event.actor} ${EVENT_KINDS[event.kind].label}`}
    >
      <div className={styles.eventHead}>
        <span className={styles.seq}>#{event.seq}</span>
        <span className={`badge ${styles[`badge_${event.actor}`] ?? ""}`}>
          {event.actor === "user" ? "simulated user" : event.actor}
        </span>
        <span className={styles.kind}>{EVENT_KINDS[event.kind].label}</span>
        {event.toolName ? <span className="mono">{event.toolName}</span> : null}
        {event.resultOf !== null ? (
          <JumpLink seq={event.resultOf} onJump={onJump}>{`result of #${event.resultOf}`}</JumpLink>
        ) : null}
        {event.isError ? <span className="badge bad">tool error</span> : null}
        {event.isError && event.errorInferred ? (
          <span className="badge warn" title="The error flag was inferred from the output text">
            inferred
          </span>
        ) : null}
        {event.firstError ? (
          <span className="badge bad" data-first-error>
            first error
          </span>
        ) : null}
        {event.failed && event.kind === "tool_call" ? <span className="badge bad">failed call</span> : null}
        {event.retriedAt !== null ? (
          <JumpLink seq={event.retriedAt} onJump={onJump}>{`retried at #${event.retriedAt}`}</JumpLink>
        ) : null}
        {event.resolvedAt !== null ? (
          <JumpLink seq={event.resolvedAt} onJump={onJump}>{`resolved at #${event.resolvedAt}`}</JumpLink>
        ) : null}
        {event.unresolved ? (
          <span className="badge warn" title="No later successful result of the same tool by the same actor">
            unresolved
          </span>
        ) : null}
        {event.retryOf !== null ? (
          <JumpLink seq={event.retryOf} onJump={onJump}>{`retry of #${event.retryOf}`}</JumpLink>
        ) : null}
        {marks?.map((mark) => (
          <span key={mark} className={`badge ${styles.checkMark}`} data-check-mark>
            check: {mark}
          </span>
        ))}
        {event.judgeErrors.length > 0 ? (
          <span className="badge bad" data-review-error-badge>
            {event.judgeErrors.length === 1 ? "review error" : `${event.judgeErrors.length} review errors`}
          </span>
        ) : null}
      </div>
      {event.judgeErrors.map((error, index) => (
        <JudgeErrorMarker key={index} error={error} />
      ))}
      {event.text !== null && event.kind === "system" ? (
        // Long system prompts (policies) start collapsed, like long tool outputs.
        <CollapsibleText text={event.text} expanded={expanded} onToggle={() => onToggle(event.seq)} />
      ) : event.text !== null ? (
        <div className={styles.text}>{event.text}</div>
      ) : null}
      {event.body !== null ? (
        <CollapsibleText
          text={event.body}
          expanded={expanded}
          onToggle={() => onToggle(event.seq)}
          error={event.isError}
        />
      ) : null}
    </article>
  );
}
