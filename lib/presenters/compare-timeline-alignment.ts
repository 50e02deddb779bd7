import type { StoredEvent } from "@/lib/contracts/event";
import { canonicalString } from "@/lib/metrics/compare-tool-calls";
import { formatJson } from "./timeline-format";

/** One stored event as the side-by-side view needs it. */
export type AlignableEvent = Pick<
  StoredEvent,
  "seq" | "turnIndex" | "kind" | "actor" | "toolName" | "arguments" | "text" | "isError" | "errorInferred"
> &
  Partial<Pick<StoredEvent, "callId" | "output">>;

export interface ResultLine {
  seq: number;
  summary: string;
  full: string;
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
  /** On a tool call: its result, when the trajectory has one. */
  result: ResultLine | null;
}

export interface AlignedRow {
  /** User turn: the k-th user message opens turn k; anything before the first one is turn 0 and shifts the rest by one. */
  turnIndex: number;
  /** Position of the row inside its user turn (0-based). */
  position: number;
  /** "user": the user's (or system's) message opening a turn; "action": an agent action or a tool call. */
  kind: "user" | "action";
  a: EventLine | null;
  b: EventLine | null;
  differs: boolean;
  isFirstDivergence: boolean;
}

export interface AlignedTimelines {
  rows: AlignedRow[];
  /** Index into rows of the first differing agent action; null when both take the same actions. */
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

export function toEventLine(event: AlignableEvent, result: AlignableEvent | null = null): EventLine {
  const full = event.kind === "tool_call" ? argumentsText(event.arguments) : (event.text ?? "");
  const resultText = result ? formatJson(result.output) : "";
  return {
    seq: event.seq,
    kind: event.kind,
    actor: event.actor,
    toolName: event.toolName,
    summary: oneLine(full),
    full,
    isError: event.isError,
    errorInferred: event.errorInferred,
    result: result
      ? {
          seq: result.seq,
          summary: oneLine(resultText),
          full: resultText,
          isError: result.isError,
          errorInferred: result.errorInferred,
        }
      : null,
  };
}

/** What makes two actions the same step: tool name and canonical arguments for calls, then the text of messages. */
function stepKey(event: AlignableEvent): string {
  if (event.kind === "tool_call")
    return `call\u0000${event.actor}\u0000${event.toolName ?? ""}\u0000${argumentsText(event.arguments)}`;
  return `${event.kind}\u0000${event.actor}\u0000${(event.text ?? "").replace(/\s+/g, " ").trim()}`;
}

/** Same kind, same tool, same (canonical) arguments and same text; tool outputs are not compared. */
export function isSameStep(a: AlignableEvent, b: AlignableEvent): boolean {
  return stepKey(a) === stepKey(b);
}

interface Turn {
  opener: AlignableEvent[];
  actions: { event: AlignableEvent; result: AlignableEvent | null }[];
}

function isOpener(event: AlignableEvent): boolean {
  return (event.kind === "user_message" && event.actor === "user") || event.kind === "system";
}

/** Splits a trajectory at each user message; tool results travel with their calls. */
function splitByUserTurn(events: readonly AlignableEvent[]): Turn[] {
  const ordered = [...events].sort((x, y) => x.seq - y.seq);
  const results = new Map<number, AlignableEvent>();
  const used = new Set<number>();
  for (const call of ordered.filter((event) => event.kind === "tool_call")) {
    const result = ordered.find(
      (event) =>
        event.kind === "tool_result" &&
        event.seq > call.seq &&
        !used.has(event.seq) &&
        (call.callId ? event.callId === call.callId : event.toolName === call.toolName || event.toolName === null),
    );
    if (result) {
      used.add(result.seq);
      results.set(call.seq, result);
    }
  }
  const turns: Turn[] = [{ opener: [], actions: [] }];
  for (const event of ordered) {
    if (event.kind === "tool_result" || event.kind === "state_snapshot") continue;
    if (event.kind === "user_message" && event.actor === "user") turns.push({ opener: [event], actions: [] });
    else if (isOpener(event)) (turns.at(-1) as Turn).opener.push(event);
    else (turns.at(-1) as Turn).actions.push({ event, result: results.get(event.seq) ?? null });
  }
  // Turn 0 holds what precedes the first user message (alignTimelines drops it when empty on both sides).
  return turns;
}

type Pair<T> = [T | null, T | null];

/** Longest common subsequence by key; unmatched runs between anchors are paired in order, the rest stand alone. */
export function alignSequences<T>(a: readonly T[], b: readonly T[], key: (item: T) => string): Pair<T>[] {
  const n = a.length;
  const m = b.length;
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      const row = table[i] as number[];
      row[j] =
        key(a[i] as T) === key(b[j] as T)
          ? (table[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(table[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const pairs: Pair<T>[] = [];
  let pendingA: T[] = [];
  let pendingB: T[] = [];
  const flush = () => {
    for (let k = 0; k < Math.max(pendingA.length, pendingB.length); k += 1)
      pairs.push([pendingA[k] ?? null, pendingB[k] ?? null]);
    pendingA = [];
    pendingB = [];
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && key(a[i] as T) === key(b[j] as T)) {
      flush();
      pairs.push([a[i] as T, b[j] as T]);
      i += 1;
      j += 1;
    } else if (j >= m || (i < n && (table[i + 1]?.[j] ?? 0) >= (table[i]?.[j + 1] ?? 0))) {
      pendingA.push(a[i] as T);
      i += 1;
    } else {
      pendingB.push(b[j] as T);
      j += 1;
    }
  }
  flush();
  return pairs;
}

/**
 * Aligns two trajectories of one task by user turns (the k-th user message of each side opens row group k),
 * and inside a turn by a sequence alignment of agent actions (tool name + arguments, then text). The first
 * divergence is the first agent action present on one side only or different on the two: a reworded user
 * message is marked as different but is no divergence.
 */
export function alignTimelines(
  eventsA: readonly AlignableEvent[],
  eventsB: readonly AlignableEvent[],
): AlignedTimelines {
  let turnsA = splitByUserTurn(eventsA);
  let turnsB = splitByUserTurn(eventsB);
  const isEmpty = (turn: Turn | undefined) => !turn || (turn.opener.length === 0 && turn.actions.length === 0);
  // Nothing before the first user message on either side: number the user turns from 0.
  if (isEmpty(turnsA[0]) && isEmpty(turnsB[0])) {
    turnsA = turnsA.slice(1);
    turnsB = turnsB.slice(1);
  }
  const rows: AlignedRow[] = [];
  let firstDivergence: number | null = null;
  for (let turnIndex = 0; turnIndex < Math.max(turnsA.length, turnsB.length); turnIndex += 1) {
    const turnA = turnsA[turnIndex];
    const turnB = turnsB[turnIndex];
    let position = 0;
    const openers = Math.max(turnA?.opener.length ?? 0, turnB?.opener.length ?? 0);
    for (let k = 0; k < openers; k += 1) {
      const a = turnA?.opener[k];
      const b = turnB?.opener[k];
      rows.push({
        turnIndex,
        position,
        kind: "user",
        a: a ? toEventLine(a) : null,
        b: b ? toEventLine(b) : null,
        differs: !a || !b || !isSameStep(a, b),
        isFirstDivergence: false,
      });
      position += 1;
    }
    for (const [a, b] of alignSequences(turnA?.actions ?? [], turnB?.actions ?? [], (item) => stepKey(item.event))) {
      const differs = !a || !b || !isSameStep(a.event, b.event);
      const isFirstDivergence = differs && firstDivergence === null;
      if (isFirstDivergence) firstDivergence = rows.length;
      rows.push({
        turnIndex,
        position,
        kind: "action",
        a: a ? toEventLine(a.event, a.result) : null,
        b: b ? toEventLine(b.event, b.result) : null,
        differs,
        isFirstDivergence,
      });
      position += 1;
    }
  }
  const firstRow = firstDivergence === null ? undefined : rows[firstDivergence];
  return { rows, firstDivergence, firstDivergenceTurn: firstRow?.turnIndex ?? null };
}
