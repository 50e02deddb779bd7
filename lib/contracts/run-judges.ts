/** What an uploaded judge review did, per judge (prompt name + model): shown in the upload's answer. */
export interface JudgeReviewJudgeOutcome {
  name: string;
  model: string;
  /** Entries of this judge in the file. */
  entries: number;
  /** Entries stored on a trajectory (one per matching trajectory). */
  attached: number;
  /** Verdict text -> count over the file's entries. */
  labels: Record<string, number>;
  /** Verdicts that the label rule does not read as pass or fail. */
  notCompared: string[];
}

export interface JudgeReviewOutcome {
  judges: JudgeReviewJudgeOutcome[];
  /** Simulation ids of the file that no stored trajectory has. */
  unmatchedSimulationIds: string[];
}

export interface Interval {
  estimate: number | null;
  low: number | null;
  high: number | null;
}

/** One judge of a run against the benchmark's own outcome (GET /api/runs/{id}/judges). */
export interface RunJudge {
  name: string;
  model: string;
  /** Trajectories this judge gave a verdict on. */
  n: number;
  labels: Record<string, number>;
  /** Verdicts not read as pass or fail. */
  notCompared: number;
  vsOutcome: {
    agree: number;
    compared: number;
    rate: number | null;
    kappa: number | null;
    low: number | null;
    high: number | null;
    /** Rows: judge pass/fail; columns: benchmark success/failure. */
    confusion: { passSuccess: number; passFailure: number; failSuccess: number; failFailure: number };
  };
  costUsd: number | null;
}

export interface RunJudgePair {
  a: string;
  b: string;
  agree: number;
  compared: number;
  kappa: number | null;
}

/** A trajectory where a judge and the benchmark disagree. */
export interface RunJudgeDisagreement {
  judge: string;
  trajectoryId: string;
  taskExternalId: string;
  trial: number;
  verdict: string;
  judgePass: boolean;
  benchmarkSuccess: boolean;
}

export interface RunJudges {
  judges: RunJudge[];
  pairwise: RunJudgePair[];
  disagreements: RunJudgeDisagreement[];
}

/** One judge's verdict on one trajectory, for its timeline page. */
export interface TrajectoryJudgeView {
  title: string;
  label: string;
  /** Read as pass (true) / fail (false); null = not compared. */
  pass: boolean | null;
  rationale: string | null;
  issues: string[];
}
