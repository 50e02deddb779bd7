import { isRecord, stringOr } from "./json-value";

export const TAU_BENCH_STOP_TOKEN = "###STOP###";
const TRANSFER_TOOL = "transfer_to_human_agents";

function lastToolCallName(traj: Record<string, unknown>[]): string | undefined {
  for (let i = traj.length - 1; i >= 0; i -= 1) {
    const calls = traj[i]?.tool_calls;
    if (!Array.isArray(calls) || calls.length === 0) continue;
    const last: unknown = calls[calls.length - 1];
    if (!isRecord(last)) return undefined;
    const fn = isRecord(last.function) ? last.function : {};
    return stringOr(fn.name) ?? stringOr(last.name);
  }
  return undefined;
}

function lastUserText(traj: Record<string, unknown>[]): string | undefined {
  for (let i = traj.length - 1; i >= 0; i -= 1) {
    const message = traj[i];
    if (message?.role === "user") return stringOr(message.content);
  }
  return undefined;
}

/**
 * tau-bench v1 stores no termination reason, so it is read from the conversation and the
 * result's info (see docs/importers.md for why each rule holds):
 * - info.error: the run crashed and run.py recorded the exception -> "error"
 * - the user simulator's last message holds ###STOP### -> "user_stop"
 * - the last tool call is transfer_to_human_agents (a terminating tool) -> "transfer_to_human"
 * - no info.reward_info: the environment computes it only when an episode ends, so the agent
 *   ran out of steps -> "max_steps"
 * - anything else -> "unknown"
 */
export function inferTauBenchStopReason(traj: Record<string, unknown>[], info: Record<string, unknown>): string {
  if (info.error !== undefined && info.error !== null) return "error";
  if (lastUserText(traj)?.includes(TAU_BENCH_STOP_TOKEN)) return "user_stop";
  if (lastToolCallName(traj) === TRANSFER_TOOL) return "transfer_to_human";
  if (traj.length > 0 && !isRecord(info.reward_info)) return "max_steps";
  return "unknown";
}
