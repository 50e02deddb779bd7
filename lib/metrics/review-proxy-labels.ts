/**
 * What a tau2 review's errors say about seed 003's proxy-state indicators (docs/metrics.md, "Proxy state from a tau2
 * review"). tau2's reviewer tags each error with who made it (`source`) and what kind it is (`error_tags`); seed 003's
 * hallucination judge asks two yes/no questions per trajectory. The mapping is read from the tags' definitions in
 * tau2-bench's review prompt: `hallucination` is "made up information not grounded in guidelines, instructions, or tool
 * call results", `guideline_violation` is "not consistent with the provided guidelines or policy".
 */
export interface ReviewErrorFacts {
  source: "agent" | "user" | "unknown";
  tags: readonly string[];
}

export interface ReviewProxyLabels {
  /** The agent stated something no tool returned and nothing else grounds: seed 003's tool hallucination. */
  toolHallucination: boolean;
  /** The simulated user gave facts its instructions do not hold: seed 003's user hallucination. */
  userHallucination: boolean;
  /** The agent broke its policy (an agent error tagged guideline_violation). */
  policyViolation: boolean;
}

function tagged(errors: readonly ReviewErrorFacts[], source: ReviewErrorFacts["source"], tag: string): boolean {
  return errors.some((error) => error.source === source && error.tags.includes(tag));
}

/**
 * One reviewed trajectory's indicators: a review that lists no such error says "no" (false), never "unknown"; a
 * trajectory without a review has no labels at all (its caller leaves them null, so the rates stay n/a).
 */
export function reviewProxyLabels(errors: readonly ReviewErrorFacts[]): ReviewProxyLabels {
  return {
    toolHallucination: tagged(errors, "agent", "hallucination"),
    userHallucination: tagged(errors, "user", "hallucination"),
    policyViolation: tagged(errors, "agent", "guideline_violation"),
  };
}
