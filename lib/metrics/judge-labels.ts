import type { TrajectoryJudgeLabels } from "./types";

/** A trajectory no judge labelled: every label unknown (null), never false. Frozen: outcomes may share it. */
export const NO_JUDGE_LABELS: TrajectoryJudgeLabels = Object.freeze({
  goalCompleted: null,
  errorSource: null,
  toolHallucination: null,
  userHallucination: null,
  policyViolation: null,
  failureCategory: null,
});
