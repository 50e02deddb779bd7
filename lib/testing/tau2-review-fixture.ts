import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Five real airline simulations (tau2-bench's judge_viewer data) with tau2 `review` objects added by
 * scripts/build-tau2-review-fixture.ts; in the repository, so review tests need no shared data.
 */
export const TAU2_REVIEW_FIXTURE_NAME = "tau2-reviewed-airline.json";
export const TAU2_REVIEW_FIXTURE_PATH = fileURLToPath(
  new URL(`./fixtures/${TAU2_REVIEW_FIXTURE_NAME}`, import.meta.url),
);

export function readTau2ReviewFixture(): Buffer {
  return readFileSync(TAU2_REVIEW_FIXTURE_PATH);
}

/**
 * What the fixture's reviews give, counted by hand from scripts/build-tau2-review-fixture.ts. Four of the five
 * simulations carry a review (task 9 has none, so it is in no denominator):
 * task 0 clean; task 3 agent critical hallucination at turn 8; task 1 agent minor irrelevant_tool_call (turn 6), user
 * critical_hindered hallucination (13), agent critical guideline_violation (14); task 5 user critical_helped
 * hallucination + revealed_info_early (turn 1).
 */
export const TAU2_REVIEW_FIXTURE_RATES = {
  // errorSource: task 0 none, task 3 agent, task 1 agent (both critical: the agent is blamed), task 5 user.
  agentError: { value: 2 / 4, n: 4, count: 2 },
  userError: { value: 1 / 4, n: 4, count: 1 },
  toolHallucination: { value: 1 / 4, n: 4, count: 1 },
  userHallucination: { value: 2 / 4, n: 4, count: 2 },
  policyViolation: { value: 1 / 4, n: 4, count: 1 },
  goalCompletion: { value: null, n: 0, count: 0 },
} as const;
