import type { JudgeInput, TurnLabelInput } from "./bundle-input";
import { isRecord, nonEmptyString, nonNegativeInteger } from "./json-value";

const CRITICAL = /^critical/;

function errorsOf(review: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(review.errors) ? review.errors.filter(isRecord) : [];
}

function tagsOf(error: Record<string, unknown>): string | undefined {
  const tags = Array.isArray(error.error_tags)
    ? error.error_tags.filter((tag): tag is string => typeof tag === "string" && tag !== "")
    : [];
  if (tags.length > 0) return tags.join(", ");
  return nonEmptyString(error.error_type);
}

/**
 * Blames the agent when it erred, unless only the user made a critical error (the user simulator
 * broke the task); review.errors with source "unknown" alone leave the source open.
 */
function errorSource(review: Record<string, unknown>, errors: Record<string, unknown>[]): JudgeInput["errorSource"] {
  const agentError = review.agent_error === true || errors.some((e) => e.source === "agent");
  const userError = review.user_error === true || errors.some((e) => e.source === "user");
  if (!agentError && !userError) return review.has_errors === false ? "none" : undefined;
  if (!agentError) return "user";
  if (!userError) return "agent";
  const criticalAgent = errors.some(
    (e) => e.source === "agent" && typeof e.severity === "string" && CRITICAL.test(e.severity),
  );
  const criticalUser =
    review.critical_user_error === true ||
    errors.some((e) => e.source === "user" && typeof e.severity === "string" && CRITICAL.test(e.severity));
  return criticalUser && !criticalAgent ? "user" : "agent";
}

/** tau2's LLM review of a conversation (`review`) as the trajectory's judge verdict. */
export function mapTau2Review(review: unknown): JudgeInput | undefined {
  if (!isRecord(review)) return undefined;
  const errors = errorsOf(review);
  const judge: JudgeInput = { name: "tau2 review" };
  const source = errorSource(review, errors);
  if (source !== undefined) judge.errorSource = source;
  const decisive =
    errors.find((e) => e.source === source && typeof e.severity === "string" && CRITICAL.test(e.severity)) ??
    errors.find((e) => e.source === source) ??
    errors[0];
  const category = decisive ? tagsOf(decisive) : undefined;
  if (category !== undefined) judge.failureCategory = category;
  const rationale = nonEmptyString(review.summary) ?? (decisive ? nonEmptyString(decisive.reasoning) : undefined);
  if (rationale !== undefined) judge.rationale = rationale;
  return judge;
}

/** Review errors that name a turn become turn labels; full-duplex (tick) errors have no turn and are skipped. */
export function mapTau2ReviewTurns(review: unknown): TurnLabelInput[] {
  if (!isRecord(review)) return [];
  const labels: TurnLabelInput[] = [];
  for (const error of errorsOf(review)) {
    const turn = nonNegativeInteger(error.turn_idx);
    if (turn === undefined) continue;
    const label: TurnLabelInput = { turn, success: false };
    if (error.source === "agent" || error.source === "user") label.errorSource = error.source;
    const severity = nonEmptyString(error.severity);
    if (severity !== undefined) label.severity = severity;
    const category = tagsOf(error);
    if (category !== undefined) label.failureCategory = category;
    const rationale = nonEmptyString(error.reasoning);
    if (rationale !== undefined) label.rationale = rationale;
    labels.push(label);
  }
  return labels;
}
