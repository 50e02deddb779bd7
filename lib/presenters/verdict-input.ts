import type { AgentText, CandidateCall } from "@/lib/metrics";
import type { StoredEvent } from "@/lib/contracts/event";
import type { VerdictCheck } from "./verdict-types";

export interface VerdictInput {
  sourceFormat: string;
  reward: number | null;
  rewardBreakdown: unknown;
  events: readonly StoredEvent[];
  task: {
    expectedActions: unknown;
    evaluationCriteria: unknown;
    requiredReplyInfo: readonly string[];
    expectedFinalState: unknown;
  };
  finalState: unknown;
  finalReply: string | null;
  stateMatch: boolean | null;
  replyCheck: boolean | null;
  /** How the trajectory ended (tau2 termination_reason, kept verbatim); an early termination heads the verdict. */
  stopReason?: string | null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Every tool call of the trajectory, whoever made it: tau2 matches expected actions against user calls too. */
export function callsOf(events: readonly StoredEvent[]): CandidateCall[] {
  return events
    .filter((event) => event.kind === "tool_call")
    .sort((a, b) => a.seq - b.seq)
    .map((event) => ({
      seq: event.seq,
      name: event.toolName ?? "",
      arguments: isRecord(event.arguments) ? event.arguments : {},
    }));
}

export function agentMessagesOf(events: readonly StoredEvent[]): AgentText[] {
  return events
    .filter((event) => event.kind === "agent_message" && event.actor === "agent" && event.text !== null)
    .sort((a, b) => a.seq - b.seq)
    .map((event) => ({ seq: event.seq, text: event.text ?? "" }));
}

/** Display text of an argument value: JSON, "(missing)" when the side has no such argument. */
export function formatArgument(value: unknown): string {
  if (value === undefined) return "(missing)";
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

export function formatDiff(diff: readonly { key: string; expected: unknown; actual: unknown }[]): string[] {
  return diff.map(
    (entry) => `${entry.key}: expected ${formatArgument(entry.expected)}, got ${formatArgument(entry.actual)}`,
  );
}

/** seq -> labels of the checks that point at it. */
export function collectMarks(checks: readonly VerdictCheck[]): Record<number, string[]> {
  const marks: Record<number, string[]> = {};
  const add = (seq: number | null, label: string) => {
    if (seq === null) return;
    (marks[seq] ??= []).push(label);
  };
  for (const check of checks) {
    if (check.kind === "action") {
      add(check.matchedSeq, `matches expected ${check.name}`);
      // The differing arguments in the mark itself: a long call's preview may not show them before "Show all".
      add(
        check.closestSeq,
        `closest to expected ${check.name}, differs${check.diffText.length > 0 ? ` in ${check.diffText.join("; ")}` : ""}`,
      );
    } else if (check.kind === "communicate" || check.kind === "reply") {
      add(check.foundAt, `carries "${check.info}"`);
    } else if (check.kind === "state") {
      add(check.snapshotSeq, "final state checked");
    }
  }
  return marks;
}

/** The sentence for a failed action check: what was expected and how the closest call differs. */
export function describeFailedAction(check: { name: string; closestSeq: number | null; diffText: string[] }): string {
  if (check.closestSeq === null) return `expected action ${check.name} was never called`;
  const diff = check.diffText.length > 0 ? ` (${check.diffText.join("; ")})` : "";
  return `expected action ${check.name} was not matched by call #${check.closestSeq}${diff}`;
}
