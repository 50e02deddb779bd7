/** One entry of a tau2-bench judge review (the summary file its judges write), with every field tau2 fills. */
export function judgeReviewEntry(simulationId: string, verdict: string, extra: Record<string, unknown> = {}) {
  return {
    simulation_id: simulationId,
    task_id: "t",
    tau2_reward: 1,
    tau2_success: true,
    judge_verdict: verdict,
    judge_justification: `because ${verdict}`,
    judge_issues: ["one issue"],
    agreement: null,
    judge_prompt_name: "customer_outcome_v1",
    judge_model: "azure/gpt-4o",
    judge_temperature: 0,
    judge_prompt_tokens: 100,
    judge_completion_tokens: 10,
    judge_total_tokens: 110,
    judge_cost_usd: 0.5,
    ...extra,
  };
}
