import { z } from "zod";
import type { StoredEvent } from "@/lib/contracts/event";
import { resolveToolErrors } from "@/lib/metrics/resolve-tool-errors";
import { formatJson } from "./timeline-format";

const TurnLabelSchema = z.object({
  turn: z.number(),
  success: z.boolean().optional(),
  errorSource: z.string().optional(),
  severity: z.string().optional(),
  failureCategory: z.string().optional(),
  rationale: z.string().optional(),
  judge: z.string().optional(),
  errorType: z.string().optional(),
  tags: z.array(z.string()).optional(),
  correctBehavior: z.string().optional(),
});
export type TurnLabel = z.infer<typeof TurnLabelSchema>;

/** Judge turn labels as stored (JSON); malformed entries are dropped rather than trusted. */
export function parseTurnLabels(value: unknown): TurnLabel[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = TurnLabelSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** One timeline row: the stored event (less its raw payloads) and what the model derives about it. */
export interface TimelineEvent extends Pick<
  StoredEvent,
  "seq" | "turnIndex" | "kind" | "actor" | "toolName" | "callId" | "text" | "isError" | "errorInferred"
> {
  /** Arguments, output or state as display text (JSON pretty-printed, strings verbatim). */
  body: string | null;
  /** On a tool result: the seq of the call it answers. */
  resultOf: number | null;
  /** On a call (or an orphan result) whose result was an error. */
  failed: boolean;
  /** On a failed call: the seq of the later call to the same tool by the same actor. */
  retriedAt: number | null;
  /** On a failed call: the seq of the later successful result of the same tool by the same actor that resolved it. */
  resolvedAt: number | null;
  /** On a failed call no later successful result resolved: the recovery metric's rule (resolveToolErrors). */
  unresolved: boolean;
  /** On a call: the seq of the failed call it retries. */
  retryOf: number | null;
  firstError: boolean;
  inFlaggedTurn: boolean;
  /** Errors a named judge (a tau2 review) placed at this event's turn: shown on the turn's first event. */
  judgeErrors: TurnLabel[];
}

export interface TimelineTurn {
  turnIndex: number;
  flagged: boolean;
  labels: TurnLabel[];
  actors: string[];
  events: TimelineEvent[];
}

/** What a turn's header row shows; the events follow as their own rows. */
export interface TimelineTurnHeader {
  turnIndex: number;
  flagged: boolean;
  labels: TurnLabel[];
  actors: string[];
  eventCount: number;
}

export type TimelineRow =
  { type: "turn"; key: string; turn: TimelineTurnHeader } | { type: "event"; key: string; event: TimelineEvent };

export interface TimelineModel {
  turns: TimelineTurn[];
  /** Turn headers and events in order: the list the windowed view draws. */
  rows: TimelineRow[];
  firstErrorSeq: number | null;
  errorCount: number;
  flaggedTurns: number[];
  /** Judge errors whose turn no event has (a turn_idx past the conversation): listed apart, never dropped. */
  unplacedJudgeErrors: TurnLabel[];
}

/** A label one named judge wrote about one error (tau2's review errors), as opposed to a verdict on a whole turn. */
function isJudgeError(label: TurnLabel): boolean {
  return label.judge !== undefined;
}

function bodyOf(event: StoredEvent): string | null {
  if (event.kind === "tool_call") return formatJson(event.arguments ?? {});
  if (event.kind === "tool_result" || event.kind === "state_snapshot") return formatJson(event.output);
  return null;
}

/** Pairs each result with its call: by call id, else the latest unanswered call of the same tool before it. */
function matchResultsToCalls(events: readonly StoredEvent[]): Map<number, StoredEvent> {
  const byCallId = new Map<string, StoredEvent>();
  const open: StoredEvent[] = [];
  const matches = new Map<number, StoredEvent>();
  for (const event of events) {
    if (event.kind === "tool_call") {
      if (event.callId) byCallId.set(event.callId, event);
      open.push(event);
    } else if (event.kind === "tool_result") {
      let call = event.callId ? byCallId.get(event.callId) : undefined;
      if (!call) {
        for (let index = open.length - 1; index >= 0; index -= 1) {
          const candidate = open[index];
          if (candidate && (event.toolName === null || candidate.toolName === event.toolName)) {
            call = candidate;
            break;
          }
        }
      }
      if (call) {
        matches.set(event.seq, call);
        const openIndex = open.indexOf(call);
        if (openIndex >= 0) open.splice(openIndex, 1);
      }
    }
  }
  return matches;
}

export function buildTimelineModel(input: readonly StoredEvent[], turnLabelsJson: unknown): TimelineModel {
  const events = [...input].sort((a, b) => a.seq - b.seq);
  const labels = parseTurnLabels(turnLabelsJson);
  const flaggedTurns = [...new Set(labels.filter((label) => label.success === false).map((label) => label.turn))].sort(
    (a, b) => a - b,
  );
  const flagged = new Set(flaggedTurns);
  const calls = matchResultsToCalls(events);

  const model = new Map<number, TimelineEvent>();
  for (const event of events) {
    model.set(event.seq, {
      seq: event.seq,
      turnIndex: event.turnIndex,
      kind: event.kind,
      actor: event.actor,
      toolName: event.toolName ?? calls.get(event.seq)?.toolName ?? null,
      callId: event.callId,
      text: event.text,
      body: bodyOf(event),
      isError: event.isError,
      errorInferred: event.errorInferred,
      resultOf: calls.get(event.seq)?.seq ?? null,
      failed: false,
      retriedAt: null,
      resolvedAt: null,
      unresolved: false,
      retryOf: null,
      firstError: false,
      inFlaggedTurn: flagged.has(event.turnIndex),
      judgeErrors: [],
    });
  }

  // A tau2 review's turn_idx is the turn_idx of a message, which every event of that message carries as its turn:
  // the error goes on the first of them (the message's text, or its first tool call).
  const unplacedJudgeErrors: TurnLabel[] = [];
  for (const label of labels.filter(isJudgeError)) {
    const first = events.find((event) => event.turnIndex === label.turn);
    const target = first ? model.get(first.seq) : undefined;
    if (target) target.judgeErrors.push(label);
    else unplacedJudgeErrors.push(label);
  }

  const resolutions = new Map(resolveToolErrors(events).map((resolution) => [resolution.errorSeq, resolution]));
  let errorCount = 0;
  for (const event of events) {
    if (event.kind !== "tool_result" || !event.isError) continue;
    errorCount += 1;
    const call = calls.get(event.seq);
    const failed = model.get(call?.seq ?? event.seq);
    if (!failed) continue;
    failed.failed = true;
    const actor = call?.actor ?? event.actor;
    const toolName = failed.toolName;
    // The retry link is informational; whether the error was recovered follows the metric's rule.
    const retry = events.find(
      (later) =>
        later.seq > event.seq && later.kind === "tool_call" && later.actor === actor && later.toolName === toolName,
    );
    const retryEvent = retry ? model.get(retry.seq) : undefined;
    if (retryEvent) {
      failed.retriedAt = retryEvent.seq;
      retryEvent.retryOf ??= failed.seq;
    }
    const resolvedAt = resolutions.get(event.seq)?.resolvedAt ?? null;
    if (resolvedAt === null) failed.unresolved = true;
    else failed.resolvedAt ??= resolvedAt;
  }

  // Same rule as the stored firstErrorPosition: the earlier of the first error result and the first flagged-turn event.
  const first = events.find((event) => (event.kind === "tool_result" && event.isError) || flagged.has(event.turnIndex));
  const firstErrorSeq = first?.seq ?? null;
  if (first) {
    const firstEvent = model.get(first.seq);
    if (firstEvent) firstEvent.firstError = true;
  }

  const turns: TimelineTurn[] = [];
  for (const event of model.values()) {
    let turn = turns.at(-1);
    if (!turn || turn.turnIndex !== event.turnIndex) {
      turn = {
        turnIndex: event.turnIndex,
        flagged: flagged.has(event.turnIndex),
        labels: labels.filter((label) => label.turn === event.turnIndex && !isJudgeError(label)),
        actors: [],
        events: [],
      };
      turns.push(turn);
    }
    if (!turn.actors.includes(event.actor)) turn.actors.push(event.actor);
    turn.events.push(event);
  }
  const rows: TimelineRow[] = turns.flatMap((turn, index) => [
    {
      type: "turn" as const,
      key: `turn-${index}-${turn.turnIndex}`,
      turn: {
        turnIndex: turn.turnIndex,
        flagged: turn.flagged,
        labels: turn.labels,
        actors: turn.actors,
        eventCount: turn.events.length,
      },
    },
    ...turn.events.map((event) => ({ type: "event" as const, key: `event-${event.seq}`, event })),
  ]);
  return { turns, rows, firstErrorSeq, errorCount, flaggedTurns, unplacedJudgeErrors };
}
