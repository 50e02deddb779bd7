import type { CompareGuard } from "./compare-guard";
import type { NoiseFloor, PairedComparison, RunMetrics, StopReasonCount } from "@/lib/metrics";
import type { PairedMetricDelta } from "@/lib/metrics/paired-metric-delta";

/** The run-level metrics the comparison shows (a subset of the metrics API response). */
export type CompareRunMetrics = Pick<
  RunMetrics,
  "successRate" | "passHatK" | "goldHistory" | "strata" | "trialsPerTask" | "trajectories" | "tasks"
> & {
  stopReasonDetails: StopReasonCount[];
};

export interface ComponentVersion {
  name: string | null;
  version: string | null;
}

export interface ComparedRun {
  id: string;
  name: string;
  model: string;
  variant: string;
  pairingKey: string | null;
  suiteId: string;
  suite: string;
  judge: ComponentVersion | null;
  userSimulator: ComponentVersion | null;
  metrics: CompareRunMetrics;
}

export type MetricGroup = "gold" | "closed";

export interface ProtocolRow {
  key: string;
  label: string;
  group: MetricGroup;
  /** "rate" values are fractions shown as percentages; "score" values are F1-like numbers in [0, 1]. */
  format: "rate" | "score";
  /** False for metrics where lower is better (turn-limit stops). */
  higherIsBetter: boolean;
  /** One value per compared run, in run order (whole run, from the metrics engine). */
  values: (number | null)[];
  /** One entry per compared run: null for the baseline, else the paired delta over shared tasks. */
  deltas: (PairedMetricDelta | null)[];
}

export type TransitionKind = "bothPass" | "fixed" | "broken" | "bothFail";

export interface TaskComparisonRow {
  taskId: string;
  /** Per compared run: success rate over scored trials, trials and successes; null when the run lacks the task. */
  perRun: ({ rate: number; n: number; c: number } | null)[];
  /** Candidate (second run) rate minus baseline rate. */
  difference: number;
  transition: TransitionKind;
}

export interface NoiseNote {
  /** Baseline has a single trial per shared task: trial-to-trial variation cannot be estimated. */
  singleTrial: boolean;
  /** |mean difference| <= 2 x differenceSd; null when the noise floor is unknown. */
  withinNoise: boolean | null;
}

export interface PairAnalysis {
  runId: string;
  sharedTasks: number;
  baselineOnlyTasks: number;
  candidateOnlyTasks: number;
  paired: PairedComparison;
  noiseFloor: NoiseFloor;
  noiseNote: NoiseNote;
  warnings: string[];
}

export interface GainPoint {
  pairingKey: string;
  baseRunId: string;
  candidateRunId: string;
  candidateVariant: string;
  /** Change in gold-history all-turn success (candidate - base); null when either run has no judged turn. */
  goldDelta: number | null;
  /** Change in closed-loop success rate (candidate - base). */
  closedDelta: number | null;
}

export interface Comparison {
  /** Whether the runs may be compared as they are (suites, differing settings), stored with the result. */
  guard: CompareGuard;
  runs: ComparedRun[];
  protocolRows: ProtocolRow[];
  /** One per candidate run (runs[1..]). */
  pairs: PairAnalysis[];
  tasks: TaskComparisonRow[];
  gain: { points: GainPoint[]; unpairedRuns: string[]; suitePairsHref: string | null };
}
