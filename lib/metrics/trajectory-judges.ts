/** What a stored trajectory says about the judges that came inside its upload. */
export interface StoredJudgeColumns {
  judgeName: string | null;
  judgeGoalCompleted: boolean | null;
  judgeRationale: string | null;
  /** Turn labels as the bundle stores them (tau2 review errors among them). */
  judgeTurnLabels: unknown;
  /** tau2's reward_info (its nl_assertions are an LLM judge's output). */
  rewardBreakdown: unknown;
}

export interface TrajectoryJudgeVerdict {
  name: string;
  model: string;
  label: string;
  /** The verdict read as pass (true) or fail (false); null = not compared. */
  pass: boolean | null;
  rationale: string | null;
}

export const NL_ASSERTIONS_JUDGE = "tau2 NL assertions";
export const REVIEW_JUDGE = "tau2 review";
const CRITICAL = /^critical/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * tau2's NL assertions (reward_info.nl_assertions: [{nl_assertion, met, justification}]) are graded by an LLM: all
 * met is a pass, any unmet a fail, as tau2's evaluator multiplies them into the NL reward.
 */
export function nlAssertionsVerdict(rewardBreakdown: unknown): TrajectoryJudgeVerdict | null {
  if (!isRecord(rewardBreakdown) || !Array.isArray(rewardBreakdown.nl_assertions)) return null;
  const checks = rewardBreakdown.nl_assertions.filter(isRecord);
  if (checks.length === 0) return null;
  const unmet = checks.filter((check) => check.met !== true);
  const rationale = (unmet.length > 0 ? unmet : checks)
    .map((check) => {
      const what = typeof check.nl_assertion === "string" ? check.nl_assertion : "assertion";
      const why = typeof check.justification === "string" ? `: ${check.justification}` : "";
      return `${check.met === true ? "met" : "not met"} - ${what}${why}`;
    })
    .join("\n");
  return {
    name: NL_ASSERTIONS_JUDGE,
    model: "",
    label: unmet.length === 0 ? "all met" : `${unmet.length} of ${checks.length} not met`,
    pass: unmet.length === 0,
    rationale,
  };
}

/** tau2's review as a judge: a critical agent error is a fail, a review without one a pass. */
function reviewVerdict(columns: StoredJudgeColumns): TrajectoryJudgeVerdict {
  const labels = Array.isArray(columns.judgeTurnLabels) ? columns.judgeTurnLabels.filter(isRecord) : [];
  const critical = labels.some(
    (label) => label.errorSource === "agent" && typeof label.severity === "string" && CRITICAL.test(label.severity),
  );
  return {
    name: REVIEW_JUDGE,
    model: "",
    label: critical ? "critical agent error" : "no critical agent error",
    pass: !critical,
    rationale: columns.judgeRationale,
  };
}

/** The verdicts that came inside a trajectory's own upload: its bundle judge, tau2's review and NL assertions. */
export function storedJudgeVerdicts(columns: StoredJudgeColumns): TrajectoryJudgeVerdict[] {
  const verdicts: TrajectoryJudgeVerdict[] = [];
  if (columns.judgeName === REVIEW_JUDGE) verdicts.push(reviewVerdict(columns));
  else if (columns.judgeGoalCompleted !== null)
    verdicts.push({
      name: columns.judgeName ?? "bundle judge",
      model: "",
      label: columns.judgeGoalCompleted ? "goal completed" : "goal not completed",
      pass: columns.judgeGoalCompleted,
      rationale: columns.judgeRationale,
    });
  const nl = nlAssertionsVerdict(columns.rewardBreakdown);
  if (nl) verdicts.push(nl);
  return verdicts;
}
