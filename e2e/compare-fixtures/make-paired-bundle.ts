import {
  makeBundle,
  makeRun,
  makeTask,
  uniqueId,
  type BundleInput,
  type EventInput,
  type TrajectoryInput,
  type TurnPredictionInput,
} from "@/lib/testing/factories";

/**
 * A base and an SFT run of one model over 4 tasks x 2 trials with known transitions:
 *   task-1: base 2/2, sft 2/2 -> both pass
 *   task-2: base 0/2, sft 2/2 -> fixed
 *   task-3: base 2/2, sft 0/2 -> broken
 *   task-4: base 0/2, sft 2/2 -> fixed
 * Success rates 4/8 = 50% and 6/8 = 75% (+25 pp); mean per-task difference (0 + 1 - 1 + 1) / 4 = +0.25;
 * McNemar on 1 broken vs 2 fixed: p = 2 * (C(3,0) + C(3,1)) / 2^3 = 1.
 * Gold-history all-turn success: base 1/4 (only task-4 judged right), sft 4/4: +75 pp.
 * A failing trajectory refunds 250 cents instead of 2500, so it diverges from a passing one at the refund call.
 */
export const PAIRED_OUTCOMES: Record<string, { base: number; sft: number }> = {
  "task-1": { base: 2, sft: 2 },
  "task-2": { base: 0, sft: 2 },
  "task-3": { base: 2, sft: 0 },
  "task-4": { base: 0, sft: 2 },
};

function events(taskId: string, pass: boolean): EventInput[] {
  const cents = pass ? 2500 : 250;
  return [
    { kind: "user_message", text: `Please refund the duplicate charge on ${taskId}.` },
    { kind: "tool_call", tool: "lookup", callId: "c1", arguments: { order_id: taskId } },
    { kind: "tool_result", tool: "lookup", callId: "c1", output: { status: "paid" } },
    { kind: "tool_call", tool: "refund", callId: "c2", arguments: { order_id: taskId, cents } },
    pass
      ? { kind: "tool_result", tool: "refund", callId: "c2", output: "ok" }
      : { kind: "tool_result", tool: "refund", callId: "c2", output: "amount mismatch", error: true },
    { kind: "agent_message", text: pass ? "Refunded 2500 cents." : "I could not complete the refund." },
  ];
}

function trajectory(run: "base" | "sft", taskId: string, trial: number, pass: boolean): TrajectoryInput {
  return { run, task: taskId, trial, stopReason: "finished", reward: pass ? 1 : 0, events: events(taskId, pass) };
}

function turnPrediction(run: "base" | "sft", taskId: string, success: boolean): TurnPredictionInput {
  return {
    run,
    task: taskId,
    turn: 1,
    kind: "tool",
    reference: { toolCall: { name: "refund", arguments: { order_id: taskId, cents: 2500 } } },
    prediction: { toolCall: { name: "refund", arguments: { order_id: taskId, cents: success ? 2500 : 250 } } },
    judge: { success },
  };
}

/**
 * `extraTasks` adds tasks task-5, task-6, ... that both runs pass on both trials (a task table longer than a page).
 */
export function makePairedBundle(
  options: { suiteName?: string; pairingKey?: string; sftJudgeVersion?: string; extraTasks?: number } = {},
): BundleInput {
  const pairingKey = options.pairingKey ?? uniqueId("qwen3-4b");
  const extra = Array.from({ length: options.extraTasks ?? 0 }, (_, i) => `task-${i + 5}`);
  const taskIds = [...Object.keys(PAIRED_OUTCOMES), ...extra];
  const trajectories = taskIds.flatMap((taskId) => {
    const outcome = PAIRED_OUTCOMES[taskId] ?? { base: 2, sft: 2 };
    return [1, 2].flatMap((trial) => [
      trajectory("base", taskId, trial, trial <= outcome.base),
      trajectory("sft", taskId, trial, trial <= outcome.sft),
    ]);
  });
  return makeBundle({
    suite: {
      name: options.suiteName ?? uniqueId("compare-suite"),
      version: "1",
      tools: [
        { name: "lookup", access: "read" },
        { name: "refund", access: "write" },
      ],
    },
    tasks: taskIds.map((id) => makeTask({ id, expectedFinalState: undefined, requiredReplyInfo: [] })),
    runs: [
      makeRun({
        id: "base",
        name: `${pairingKey} base`,
        model: { name: pairingKey },
        variant: "base",
        pairingKey,
        judge: { name: "judge-llm", version: "1" },
      }),
      makeRun({
        id: "sft",
        name: `${pairingKey} sft`,
        model: { name: `${pairingKey}-sft` },
        variant: "sft",
        pairingKey,
        judge: { name: "judge-llm", version: options.sftJudgeVersion ?? "1" },
      }),
    ],
    trajectories,
    turnPredictions: taskIds.flatMap((taskId) => [
      turnPrediction("base", taskId, taskId === "task-4"),
      turnPrediction("sft", taskId, true),
    ]),
  });
}
