import {
  applyQuestionMode,
  applyWriteMode,
  judgeFor,
  toSimSteps,
  type Mode,
  type Plan,
  type SimStep,
} from "./failure-modes";
import type { ModelProfile } from "./model-profiles";
import { randomFor, type Random } from "./random";
import type { DemoScenario } from "./scenario";
import type { DemoEvent, DemoTrajectory } from "./types";

const WRITE_MODES: Array<[Mode, number]> = [
  ["wrong_arguments", 0.24],
  ["false_completion", 0.14],
  ["tool_error", 0.16],
  ["stuck_loop", 0.12],
  ["hallucinated_tool", 0.1],
  ["user_error", 0.1],
  ["missing_information", 0.14],
];
const QUESTION_MODES: Array<[Mode, number]> = [
  ["wrong_information", 0.55],
  ["hallucinated_tool", 0.2],
  ["missing_information", 0.25],
];

function weighted(rng: Random, options: Array<[Mode, number]>): Mode {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng.next() * total;
  for (const [mode, weight] of options) {
    roll -= weight;
    if (roll < 0) return mode;
  }
  return options[options.length - 1]?.[0] ?? "success";
}

export function successChance(scenario: DemoScenario, profile: ModelProfile): number {
  if (scenario.baseSuccess <= 0) return 0;
  return Math.min(0.95, Math.max(0.02, scenario.baseSuccess + profile.successShift));
}

/** A transient back-end error on a read call that the agent retries: the recovery case of seed 002. */
function withTransientError(steps: SimStep[], rng: Random, probability: number): SimStep[] {
  const reads = steps.flatMap((step, index) =>
    step.role === "tool" && !step.marked && step.call.name !== "get_customer" ? [index] : [],
  );
  if (reads.length === 0 || !rng.chance(probability)) return steps;
  const target = rng.pick(reads);
  return steps.map((step, index) => (index === target && step.role === "tool" ? { ...step, transient: true } : step));
}

function plan(scenario: DemoScenario, profile: ModelProfile, succeeded: boolean, rng: Random): Plan {
  const steps = toSimSteps(scenario.script);
  if (succeeded) {
    const identify = steps[1];
    if (
      scenario.task.persona === "power" &&
      identify?.role === "tool" &&
      identify.call.name === "get_customer" &&
      rng.chance(0.1)
    ) {
      return {
        mode: "skip_verification",
        steps: withTransientError(
          steps.filter((_, index) => index !== 1),
          rng,
          0.25,
        ),
        stopReason: "finished",
      };
    }
    if (rng.chance(0.15)) steps.push({ role: "user", text: "Great, thanks!" });
    return {
      mode: "success",
      steps: withTransientError(steps, rng, 0.25),
      stopReason: rng.chance(0.15) ? "user_stop" : "finished",
    };
  }
  if (scenario.kind === "question") return applyQuestionMode(weighted(rng, QUESTION_MODES), steps, scenario);
  const modes: Array<[Mode, number]> = WRITE_MODES.map(([mode, weight]) => [
    mode,
    mode === "hallucinated_tool" ? weight * profile.hallucination : weight,
  ]);
  if (scenario.kind === "escalate") modes.push(["policy_violation", 1.2]);
  const write = rng.pick(scenario.writeSteps);
  const planned = applyWriteMode(weighted(rng, modes), steps, write, rng);
  return { ...planned, steps: withTransientError(planned.steps, rng, 0.15) };
}

const TRANSIENT_OUTPUT = { error: "upstream timeout, please retry" };

/** Replays planned steps against a fresh back end, producing events with timestamps and usage. */
function replay(scenario: DemoScenario, steps: readonly SimStep[], profile: ModelProfile, rng: Random, start: number) {
  const env = scenario.makeEnvironment();
  const events: DemoEvent[] = [];
  let clock = start;
  let calls = 0;
  let markedEvent: number | null = null;
  const usage = { prompt: 0, completion: 0 };
  const stamp = (min: number, max: number) => {
    clock += rng.int(min, max) * 1000;
    return new Date(clock).toISOString();
  };
  const agentUsage = (completion: number) => {
    const step = { prompt: 1400 + 160 * events.length, completion };
    usage.prompt += step.prompt;
    usage.completion += step.completion;
    return step;
  };
  const toolCall = (step: Extract<SimStep, { role: "tool" }>, output: (DemoEvent & { kind: "tool_result" }) | null) => {
    calls += 1;
    const callId = `call_${calls}`;
    events.push({
      kind: "tool_call",
      tool: step.call.name,
      callId,
      arguments: step.call.arguments,
      timestamp: stamp(1, 4),
      usage: agentUsage(24 + 6 * Object.keys(step.call.arguments).length),
    });
    const result = output ?? { kind: "tool_result", output: null };
    events.push({ ...result, tool: step.call.name, callId, timestamp: stamp(0, 2) });
  };
  for (const step of steps) {
    if (step.marked && markedEvent === null) markedEvent = events.length;
    if (step.role === "user") events.push({ kind: "user_message", text: step.text, timestamp: stamp(6, 25) });
    else if (step.role === "agent")
      events.push({
        kind: "agent_message",
        text: step.text,
        timestamp: stamp(2, 9),
        usage: agentUsage(Math.ceil(step.text.length / 4)),
      });
    else if (step.role === "tool") {
      if (step.transient) toolCall(step, { kind: "tool_result", output: TRANSIENT_OUTPUT, error: true });
      const outcome = env.execute(step.call);
      toolCall(step, { kind: "tool_result", output: outcome.output, ...(outcome.error ? { error: true } : {}) });
    }
  }
  const costUsd =
    Math.round(((usage.prompt * profile.price[0] + usage.completion * profile.price[1]) / 1e6) * 1e6) / 1e6;
  return { events, finalState: env.snapshot(), markedEvent, usage, costUsd, durationMs: clock - start };
}

/** Turn of an event under the bundle's derivation rule: user messages seen so far, minus one. */
function turnOf(events: readonly DemoEvent[], index: number): number {
  return Math.max(0, events.slice(0, index + 1).filter((event) => event.kind === "user_message").length - 1);
}

function turnLabels(
  events: readonly DemoEvent[],
  mode: Mode,
  markedEvent: number | null,
): NonNullable<DemoTrajectory["turnLabels"]> {
  const turns = Math.max(1, events.filter((event) => event.kind === "user_message").length);
  const badTurn = markedEvent === null || mode === "success" ? null : turnOf(events, markedEvent);
  return Array.from({ length: turns }, (_, turn) =>
    turn === badTurn
      ? {
          turn,
          success: false,
          errorSource: mode === "user_error" ? "user" : "agent",
          severity: "major",
          failureCategory: mode,
          rationale: "The trajectory goes wrong in this turn.",
        }
      : { turn, success: badTurn === null || turn < badTurn, errorSource: "none" },
  );
}

export function simulateTrajectory(
  scenario: DemoScenario,
  profile: ModelProfile,
  trial: number,
  taskIndex: number,
): DemoTrajectory {
  const taskId = scenario.task.id;
  // Paired runs share the outcome draw, so fine-tuning shifts success only by its small successShift.
  const succeeded = randomFor("outcome", profile.pairingKey, taskId, trial).next() < successChance(scenario, profile);
  const rng = randomFor("trajectory", profile.run.id, taskId, trial);
  const planned = plan(scenario, profile, succeeded, rng);
  const start = Date.UTC(2025, 5, 16, 8, 0, 0) + (taskIndex * 4 + trial) * 300_000 + rng.int(0, 60) * 1000;
  const replayed = replay(scenario, planned.steps, profile, rng, start);
  const lastReply = replayed.events.findLast((event) => event.kind === "agent_message");
  const snapshot = rng.chance(0.35);
  return {
    id: `${profile.run.id}/${taskId}/${trial}`,
    run: profile.run.id,
    task: taskId,
    trial,
    stopReason: planned.stopReason,
    finalState: replayed.finalState,
    ...(lastReply?.kind === "agent_message" && rng.chance(0.5) ? { finalReply: lastReply.text } : {}),
    judge: judgeFor(planned.mode),
    ...(rng.chance(0.5) ? { turnLabels: turnLabels(replayed.events, planned.mode, replayed.markedEvent) } : {}),
    costUsd: replayed.costUsd,
    usage: replayed.usage,
    durationMs: replayed.durationMs,
    events: snapshot ? [...replayed.events, { kind: "state_snapshot", state: replayed.finalState }] : replayed.events,
  };
}
