/**
 * Stop-reason vocabularies. Reasons are compared after trimming and
 * lowercasing, because importers (tau-bench v1 inference, tau2
 * `termination_reason`, custom harnesses) spell them differently.
 */
export const FINISHED_STOP_REASONS: readonly string[] = ["finished", "agent_stop", "user_stop", "done", "completed"];
// message_limit: Inspect AI's cap on a sample's conversation length, its turn limit.
export const TURN_LIMIT_STOP_REASONS: readonly string[] = ["turn_limit", "max_turns", "max_steps", "message_limit"];
export const INFRASTRUCTURE_STOP_REASONS: readonly string[] = ["infrastructure_error", "infra_error"];

export function normalizeStopReason(reason: string | null): string | null {
  if (reason === null) return null;
  const normalized = reason.trim().toLowerCase();
  return normalized === "" ? null : normalized;
}

export function isFinishedStopReason(reason: string | null): boolean {
  const normalized = normalizeStopReason(reason);
  return normalized !== null && FINISHED_STOP_REASONS.includes(normalized);
}

export function isTurnLimitStopReason(reason: string | null): boolean {
  const normalized = normalizeStopReason(reason);
  return normalized !== null && TURN_LIMIT_STOP_REASONS.includes(normalized);
}

export function isInfrastructureStopReason(reason: string | null): boolean {
  const normalized = normalizeStopReason(reason);
  return normalized !== null && INFRASTRUCTURE_STOP_REASONS.includes(normalized);
}

/**
 * Error-like: any reason mentioning "error", "invalid" or "timeout" (tau2's
 * too_many_errors, agent_error, user_error, invalid_agent_message, ...).
 * A run that stopped this way did not reach the end of the conversation.
 */
export function isErrorLikeStopReason(reason: string | null): boolean {
  const normalized = normalizeStopReason(reason);
  return normalized !== null && /error|invalid|timeout/.test(normalized);
}
