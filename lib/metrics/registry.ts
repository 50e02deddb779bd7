/**
 * The one catalog of metrics: every view (leaderboard, run cards, protocol table, comparison) takes each metric's
 * label, group, direction, unit and definition link from here, so a metric reads the same on every page.
 * Computation lives in the metric functions; this file only describes.
 */
export type MetricGroupId = "gold" | "closed" | "proxy";

export type MetricUnit =
  /** A share in [0, 1], shown as a percentage with one decimal. */
  | "fraction"
  /** A plain number (mean reward), three decimals. */
  | "number";

export interface MetricSpec {
  id: string;
  label: string;
  /** Narrow column header (leaderboard); defaults to label. */
  shortLabel: string;
  group: MetricGroupId;
  direction: "higher" | "lower";
  unit: MetricUnit;
  /** Which items the metric averages over, in words. */
  denominator: string;
  description: string;
  /** Link to the definition in docs/metrics.md. */
  docs: string;
}

export const METRIC_GROUP_LABELS: Record<MetricGroupId, string> = {
  gold: "Gold history (next turn, reference context)",
  closed: "Closed loop (whole workflow)",
  proxy: "Proxy state (judge)",
};

const DOCS = "docs/metrics.md";

type SpecInput = Omit<MetricSpec, "shortLabel" | "direction" | "unit" | "docs"> &
  Partial<Pick<MetricSpec, "shortLabel" | "direction" | "unit">> & { anchor: string };

function spec(input: SpecInput): MetricSpec {
  const { anchor, ...rest } = input;
  return { shortLabel: input.label, direction: "higher", unit: "fraction", docs: `${DOCS}#${anchor}`, ...rest };
}

const GOLD = "goldhistory--aggregategoldhistoryturns";
const RUN = "computerunmetricstrajectories-turns-opts-keys";
const PROXY = "proxystate--computeproxystaterates";

export const METRIC_REGISTRY: readonly MetricSpec[] = [
  spec({
    id: "rouge1F1",
    label: "ROUGE-1 F1",
    shortLabel: "ROUGE-1",
    group: "gold",
    anchor: GOLD,
    denominator: "text turns with a reference",
    description: "mean ROUGE-1 F1 of text turns against the gold reply",
  }),
  spec({
    id: "allTurnSuccess",
    label: "Turn success, all turns",
    shortLabel: "All-turn success",
    group: "gold",
    anchor: GOLD,
    denominator: "turns with a judge verdict",
    description: "LLM judge's turn success over all turns",
  }),
  spec({
    id: "textTurnSuccess",
    label: "Turn success, text turns",
    shortLabel: "Text-turn success",
    group: "gold",
    anchor: GOLD,
    denominator: "text turns with a judge verdict",
    description: "LLM judge's turn success over text turns",
  }),
  spec({
    id: "toolTurnSuccess",
    label: "Turn success, tool turns",
    shortLabel: "Tool-turn success",
    group: "gold",
    anchor: GOLD,
    denominator: "tool turns with a judge verdict",
    description: "LLM judge's turn success over tool turns",
  }),
  spec({
    id: "exactCallAccuracy",
    label: "Exact tool-call accuracy",
    shortLabel: "Exact call accuracy",
    group: "gold",
    anchor: GOLD,
    denominator: "tool turns",
    description: "tool name and arguments exactly equal to the gold call",
  }),
  spec({
    id: "argumentF1",
    label: "Argument F1",
    group: "gold",
    anchor: GOLD,
    denominator: "tool turns",
    description: "mean F1 of predicted against gold argument key-value pairs",
  }),
  spec({
    id: "successRate",
    label: "Success rate",
    group: "closed",
    anchor: RUN,
    denominator: "scored trajectories with a known outcome",
    description:
      "workflow success (reward 1, or final state and reply checks passed); 95% interval with the trials of a task as one cluster",
  }),
  spec({
    id: "meanReward",
    label: "Mean reward",
    group: "closed",
    unit: "number",
    anchor: RUN,
    denominator: "scored trajectories with a reward",
    description: "mean external reward (tau-bench, tau2)",
  }),
  spec({
    id: "toolWorkflowCompletion",
    label: "Tool-workflow completion",
    group: "closed",
    anchor: RUN,
    denominator: "scored trajectories that require tools",
    description: "stopped neither at the turn limit nor on an error, with every tool error resolved",
  }),
  spec({
    id: "holisticSuccess",
    label: "Holistic success",
    group: "closed",
    anchor: RUN,
    denominator: "scored tool trajectories with a judge verdict",
    description: "judge: goal completed, no policy violation, no unresolved tool error",
  }),
  spec({
    id: "recovery",
    label: "Recovery after tool errors",
    shortLabel: "Recovery",
    group: "closed",
    anchor: RUN,
    denominator: "scored trajectories with a tool error",
    description: "trajectories with a tool error that still succeed",
  }),
  spec({
    id: "turnLimitRate",
    label: "Turn-limit stops",
    shortLabel: "Turn-limit rate",
    group: "closed",
    direction: "lower",
    anchor: RUN,
    denominator: "scored trajectories",
    description: "trajectories stopped by the turn limit",
  }),
  spec({
    id: "goalCompletion",
    label: "Goal completion (judge)",
    shortLabel: "GC",
    group: "proxy",
    anchor: PROXY,
    denominator: "scored trajectories with a judge verdict",
    description: "judge: goal completed, ± task bootstrap SE",
  }),
  spec({
    id: "userError",
    label: "User error (judge)",
    shortLabel: "User error",
    group: "proxy",
    direction: "lower",
    anchor: PROXY,
    denominator: "judged trajectories (a tau2 review counts)",
    description: "judge: the user caused the error (tau2 review: only the user erred, or only critically)",
  }),
  spec({
    id: "agentError",
    label: "Agent error (judge)",
    shortLabel: "Agent error",
    group: "proxy",
    direction: "lower",
    anchor: PROXY,
    denominator: "judged trajectories (a tau2 review counts)",
    description:
      "judge: the agent caused the error (tau2 review: the agent erred, unless only the user erred critically)",
  }),
  spec({
    id: "toolHallucination",
    label: "Tool hallucination (judge)",
    shortLabel: "Tool halluc.",
    group: "proxy",
    direction: "lower",
    anchor: PROXY,
    denominator: "judged trajectories (a tau2 review counts)",
    description: "judge: a tool or the agent invented facts (tau2 review: agent error tagged hallucination)",
  }),
  spec({
    id: "userHallucination",
    label: "User hallucination (judge)",
    shortLabel: "User halluc.",
    group: "proxy",
    direction: "lower",
    anchor: PROXY,
    denominator: "judged trajectories (a tau2 review counts)",
    description: "judge: the simulated user invented facts (tau2 review: user error tagged hallucination)",
  }),
  spec({
    id: "policyViolation",
    label: "Policy violation (judge)",
    shortLabel: "Policy viol.",
    group: "proxy",
    direction: "lower",
    anchor: PROXY,
    denominator: "judged trajectories (a tau2 review counts)",
    description: "judge: the agent broke the domain policy (tau2 review: agent error tagged guideline_violation)",
  }),
];

const BY_ID = new Map(METRIC_REGISTRY.map((metric) => [metric.id, metric]));

/** The spec of pass^k, a family with one member per k (1..max trials per task). */
export function passHatKSpec(k: number): MetricSpec {
  return spec({
    id: `passHatK${k}`,
    label: `pass^${k}`,
    group: "closed",
    anchor: RUN,
    denominator: `tasks with at least ${k} scored trials`,
    description: `probability that ${k} trials of a task all succeed`,
  });
}

/** A metric's spec by id (pass^k ids included); throws on an unknown id, which is a programming error. */
export function metricSpec(id: string): MetricSpec {
  const found = BY_ID.get(id);
  if (found) return found;
  const passK = /^passHatK(\d+)$/.exec(id);
  if (passK?.[1]) return passHatKSpec(Number(passK[1]));
  throw new Error(`unknown metric "${id}": add it to lib/metrics/registry.ts`);
}

/** The data a metric family is computed from: a run without it has none of the family's values. */
export type MetricDataSource = "turnPredictions" | "judgeLabels" | "outcomes";

export const METRIC_DATA_SOURCES: Record<
  MetricDataSource,
  { needs: string; bundleSection: string; bundleAnchor: string }
> = {
  turnPredictions: {
    needs:
      "per-turn predictions scored against a gold conversation (turnPredictions in a Loopscope bundle); tau2-bench and tau-bench results carry none",
    bundleSection: "TurnPrediction",
    bundleAnchor: "turnprediction",
  },
  judgeLabels: {
    needs: "LLM-judge labels of trajectories (a trajectory's judge in a Loopscope bundle, or a tau2 review)",
    bundleSection: "TrajectoryJudge",
    bundleAnchor: "trajectoryjudge",
  },
  outcomes: {
    needs: "trajectory outcomes (a reward, an expected final state or required reply strings)",
    bundleSection: "Trajectory",
    bundleAnchor: "trajectory",
  },
};

/** Which data fills a metric: gold-history metrics need turn predictions; judge-based ones, judge labels. */
export function metricDataSource(id: string): MetricDataSource {
  const { group } = metricSpec(id);
  if (group === "gold") return "turnPredictions";
  if (group === "proxy" || id === "holisticSuccess") return "judgeLabels";
  return "outcomes";
}
