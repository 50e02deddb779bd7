import type { TrajectoryOutcome } from "@/lib/metrics/types";
import { NO_JUDGE_LABELS } from "@/lib/metrics/judge-labels";

/** Test helper: a neutral trajectory outcome that individual tests override field by field. */
export function createTestOutcome(overrides: Partial<TrajectoryOutcome> = {}): TrajectoryOutcome {
  return {
    trajectoryId: "t",
    taskId: "task",
    trial: 0,
    stopReason: "finished",
    stopReasonInferred: false,
    reward: null,
    stateMatch: null,
    replyCheck: null,
    requiresTools: true,
    toolErrorCount: 0,
    unresolvedToolErrorCount: 0,
    userTurns: 1,
    eventCount: 0,
    firstErrorPosition: null,
    persona: null,
    tags: [],
    judge: { ...NO_JUDGE_LABELS },
    ...overrides,
  };
}
