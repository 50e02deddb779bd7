"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import type { TimelineRow } from "@/lib/presenters/timeline-model";
import { collapseText } from "@/lib/presenters/timeline-format";
import { VirtualList, type ScrollTarget } from "./virtual-list";
import { TimelineEventRow } from "./timeline-event-row";
import { TimelineTurnRow } from "./timeline-turn-row";
import { JudgeErrorMarker } from "./judge-error-marker";
import type { TurnLabel } from "@/lib/presenters/timeline-model";
import styles from "./timeline.module.css";

function estimateRowHeight(row: TimelineRow): number {
  if (row.type === "turn") return 36 + 20 * row.turn.labels.length;
  const { event } = row;
  const shownText =
    event.text === null ? null : event.kind === "system" ? collapseText(event.text).preview : event.text;
  const textLines =
    shownText === null ? 0 : Math.min(40, Math.ceil(shownText.length / 110) + shownText.split("\n").length - 1);
  const bodyLines = event.body === null ? 0 : collapseText(event.body).preview.split("\n").length + 2;
  const judgeErrorLines = event.judgeErrors.reduce(
    (lines, error) =>
      lines + 5 + Math.ceil(((error.rationale?.length ?? 0) + (error.correctBehavior?.length ?? 0)) / 90),
    0,
  );
  return 34 + 19 * textLines + 16 * bodyLines + 19 * judgeErrorLines;
}

const getRowKey = (row: TimelineRow) => row.key;

const EVENT_HASH = /^#event-(\d+)$/;

/**
 * `marks`: labels of the verdict checks that refer to each event (seq). Links to `#event-N` anywhere on the
 * page (verdict panel, search results) move the windowed list to that event, also when the page opens with one.
 */
export function TimelineList({
  rows,
  firstErrorSeq,
  marks = {},
  unplacedJudgeErrors = [],
}: {
  rows: TimelineRow[];
  firstErrorSeq: number | null;
  marks?: Record<number, string[]>;
  /** Judge errors naming a turn no event has: shown above the list so none is lost. */
  unplacedJudgeErrors?: readonly TurnLabel[];
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [target, setTarget] = useState<ScrollTarget | null>(null);
  const indexBySeq = useMemo(
    () => new Map(rows.flatMap((row, index) => (row.type === "event" ? [[row.event.seq, index] as const] : []))),
    [rows],
  );

  const jump = useCallback(
    (seq: number) => {
      const index = indexBySeq.get(seq);
      if (index !== undefined) setTarget({ index, nonce: Date.now() });
    },
    [indexBySeq],
  );

  const toggle = useCallback((seq: number) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(seq)) next.delete(seq);
      else next.add(seq);
      return next;
    });
  }, []);

  useEffect(() => {
    const fromHash = (hash: string) => {
      const match = EVENT_HASH.exec(hash);
      if (match?.[1]) jump(Number(match[1]));
      return match !== null;
    };
    fromHash(window.location.hash);
    const onClick = (event: MouseEvent) => {
      const link = (event.target as HTMLElement | null)?.closest?.("a[href^='#event-']");
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const hash = link.getAttribute("href") ?? "";
      if (!fromHash(hash)) return;
      // The hash keeps the position shareable; the list, not the browser, does the scrolling.
      event.preventDefault();
      window.history.replaceState(null, "", hash);
    };
    const onHashChange = () => fromHash(window.location.hash);
    document.addEventListener("click", onClick);
    window.addEventListener("hashchange", onHashChange);
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("hashchange", onHashChange);
    };
  }, [jump]);

  useEffect(() => {
    if (firstErrorSeq === null) return;
    const onKey = (event: KeyboardEvent) => {
      const element = event.target as HTMLElement | null;
      if (event.metaKey || event.ctrlKey || event.altKey || element?.closest("input, textarea, select")) return;
      if (event.key === "e") jump(firstErrorSeq);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [firstErrorSeq, jump]);

  return (
    <div>
      <div className={styles.toolbar}>
        {firstErrorSeq !== null ? (
          <button type="button" onClick={() => jump(firstErrorSeq)}>
            Jump to first error (#{firstErrorSeq}) <kbd>e</kbd>
          </button>
        ) : (
          <span className="muted">No tool error and no judge-flagged turn.</span>
        )}
        <button type="button" onClick={() => setTarget({ index: 0, nonce: Date.now() })}>
          Top
        </button>
        <button type="button" onClick={() => setTarget({ index: Math.max(0, rows.length - 1), nonce: Date.now() })}>
          End
        </button>
      </div>
      {unplacedJudgeErrors.length > 0 ? (
        <div className={styles.unplaced}>
          <p className="muted">
            {unplacedJudgeErrors.length === 1
              ? "One review error names"
              : `${unplacedJudgeErrors.length} review errors name`}{" "}
            a turn this trajectory has no event for:
          </p>
          {unplacedJudgeErrors.map((error, index) => (
            <JudgeErrorMarker key={index} error={error} />
          ))}
        </div>
      ) : null}
      <VirtualList
        items={rows}
        getKey={getRowKey}
        estimateHeight={estimateRowHeight}
        className={styles.scroller}
        label="Timeline events"
        scrollTarget={target}
        renderItem={(row) =>
          row.type === "turn" ? (
            <TimelineTurnRow turn={row.turn} />
          ) : (
            <TimelineEventRow
              event={row.event}
              marks={marks[row.event.seq]}
              expanded={expanded.has(row.event.seq)}
              onToggle={toggle}
              onJump={jump}
            />
          )
        }
      />
    </div>
  );
}
