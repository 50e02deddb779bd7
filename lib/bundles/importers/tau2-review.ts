import { reviewProxyLabels, type ReviewErrorFacts } from "@/lib/metrics/review-proxy-labels";
import type { JudgeInput, TurnLabelInput } from "./bundle-input";
import { isRecord, nonEmptyString, nonNegativeInteger } from "./json-value";

const CRITICAL = /^critical/;
export const TAU2_REVIEW = "tau2 review";
export const TAU2_USER_ONLY_REVIEW = "tau2 user-only review";

function errorsOf(review: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(review.errors) ? review.errors.filter(isRecord) : [];
}

/** tau2 writes error_tags as a list; its parser also accepts one string. */
function tagList(error: Record<string, unknown>): string[] {
  const raw: unknown[] = Array.isArray(error.error_tags) ? error.error_tags : [error.error_tags];
  return raw.filter((tag): tag is string => typeof tag === "string" && tag !== "");
}

function tagsOf(error: Record<string, unknown>): string | undefined {
  const tags = tagList(error);
  if (tags.length > 0) return tags.join(", ");
  return nonEmptyString(error.error_type);
}

function sourceOf(error: Record<string, unknown>): ReviewErrorFacts["source"] {
  return error.source === "agent" || error.source === "user" ? error.source : "unknown";
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
  const judge: JudgeInput = {
    name: TAU2_REVIEW,
    ...reviewProxyLabels(errors.map((error) => ({ source: sourceOf(error), tags: tagList(error) }))),
  };
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

/**
 * Review errors that name a turn become turn labels; full-duplex (tick) errors have no turn and are skipped.
 * `turn_idx` is the `turn_idx` of the message the reviewer was shown as `[TURN n]` (tau2's
 * MarkdownDisplay.display_message), which the importer keeps as that message's events' turn: the label lands on
 * that message. `judge` says which review wrote it: `review` (agent and user) or `user_only_review` (user only).
 */
export function mapTau2ReviewTurns(review: unknown, judge: string = TAU2_REVIEW): TurnLabelInput[] {
  if (!isRecord(review)) return [];
  const labels: TurnLabelInput[] = [];
  for (const error of errorsOf(review)) {
    const turn = nonNegativeInteger(error.turn_idx);
    if (turn === undefined) continue;
    const label: TurnLabelInput = { turn, success: false, judge, errorSource: sourceOf(error) };
    const severity = nonEmptyString(error.severity);
    if (severity !== undefined) label.severity = severity;
    const category = tagsOf(error);
    if (category !== undefined) label.failureCategory = category;
    const errorType = nonEmptyString(error.error_type);
    if (errorType !== undefined) label.errorType = errorType;
    const tags = tagList(error);
    if (tags.length > 0) label.tags = tags;
    const rationale = nonEmptyString(error.reasoning);
    if (rationale !== undefined) label.rationale = rationale;
    const correctBehavior = nonEmptyString(error.correct_behavior);
    if (correctBehavior !== undefined) label.correctBehavior = correctBehavior;
    labels.push(label);
  }
  return labels;
}
