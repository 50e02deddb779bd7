import { canonicalString } from "@/lib/metrics/compare-tool-calls";

/** One stored event as the side-by-side view needs it. */
export interface AlignableEvent {
  seq: number;
  turnIndex: number;
  kind: string;
  actor: string;
  toolName: string | null;
  arguments: unknown;
  text: string | null;
  isError: boolean;
  errorInferred: boolean;
}

export interface EventLine {
  seq: number;
  kind: string;
  actor: string;
  toolName: string | null;
  /** Tool arguments (calls) or text, shortened to one line; the full value is in `full`. */
  summary: string;
  full: string;
  isError: boolean;
  errorInferred: boolean;
}

export interface AlignedRow {
  turnIndex: number;
  /** Position of the event inside its turn (0-based). */
  position: number;
  a: EventLine | null;
  b: EventLine | null;
  differs: boolean;
  isFirstDivergence: boolean;
}

export interface AlignedTimelines {
  rows: AlignedRow[];
  /** Index into rows of the first divergence; null when the trajectories match event for event. */
  firstDivergence: number | null;
  firstDivergenceTurn: number | null;
}

export const SUMMARY_LENGTH = 120;

function oneLine(value: string, limit = SUMMARY_LENGTH): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

function argumentsText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return canonicalString(value);
}

export function toEventLine(event: AlignableEvent): EventLine {
  const full = event.kind === "tool_call" ? argumentsText(event.arguments) : event.text ?? "";
  return {
    seq: event.seq,
    kind: event.kind,
    actor: event.actor,
    toolName: event.toolName,
    summary: oneLine(full),
    full,
    isError: event.isError,
    errorInferred: event.errorInferred,
  };
}

/** Same kind, same tool, same (canonical) arguments and same text; tool outputs are not compared. */
export function isSameStep(a: AlignableEvent, b: AlignableEvent): boolean {
  if (a.kind !== b.kind || a.toolName !== b.toolName) return false;
  if (a.kind === "tool_call" && argumentsText(a.arguments) !== argumentsText(b.arguments)) return false;
  return (a.text ?? "") === (b.text ?? "");
}

function groupByTurn(events: readonly AlignableEvent[]): Map<number, AlignableEvent[]> {
  const turns = new Map<number, AlignableEvent[]>();
  for (const event of [...events].sort((x, y) => x.seq - y.seq)) {
    const list = turns.get(event.turnIndex) ?? [];
    list.push(event);
    turns.set(event.turnIndex, list);
  }
  return turns;
}

/**
 * Aligns two trajectories of one task turn by turn: inside a turn the i-th
 * event of each side share a row, and the shorter side gets empty cells. The
 * first divergence is the first row whose two events are not the same step
 * (or where one side has no event), in turn order.
 */
export function alignTimelines(eventsA: readonly AlignableEvent[], eventsB: readonly AlignableEvent[]): AlignedTimelines {
  const turnsA = groupByTurn(eventsA);
  const turnsB = groupByTurn(eventsB);
  const turnIndices = [...new Set([...turnsA.keys(), ...turnsB.keys()])].sort((x, y) => x - y);
  const rows: AlignedRow[] = [];
  let firstDivergence: number | null = null;
  for (const turnIndex of turnIndices) {
    const listA = turnsA.get(turnIndex) ?? [];
    const listB = turnsB.get(turnIndex) ?? [];
    for (let position = 0; position < Math.max(listA.length, listB.length); position += 1) {
      const a = listA[position];
      const b = listB[position];
      const differs = a === undefined || b === undefined || !isSameStep(a, b);
      const isFirstDivergence = differs && firstDivergence === null;
      if (isFirstDivergence) firstDivergence = rows.length;
      rows.push({ turnIndex, position, a: a ? toEventLine(a) : null, b: b ? toEventLine(b) : null, differs, isFirstDivergence });
    }
  }
  const firstRow = firstDivergence === null ? undefined : rows[firstDivergence];
  return { rows, firstDivergence, firstDivergenceTurn: firstRow?.turnIndex ?? null };
}
