import { JUDGE_NAME } from "./model-profiles";
import type { Random } from "./random";
import type { DemoScenario } from "./scenario";
import type { DemoTrajectory, ScriptStep, ToolCall } from "./types";

/** A closed-loop step before execution: tool outputs come from replaying the calls. */
export type SimStep =
  | { role: "user" | "agent"; text: string; marked?: boolean }
  | { role: "tool"; call: ToolCall; transient?: boolean; marked?: boolean };

export type Mode =
  | "success"
  | "skip_verification"
  | "wrong_arguments"
  | "false_completion"
  | "tool_error"
  | "stuck_loop"
  | "hallucinated_tool"
  | "user_error"
  | "missing_information"
  | "policy_violation"
  | "wrong_information";

export interface Plan {
  mode: Mode;
  steps: SimStep[];
  stopReason: string;
}

export const MAX_USER_TURNS = 8;

type WriteStep = DemoScenario["writeSteps"][number];

export function toSimSteps(script: readonly ScriptStep[]): SimStep[] {
  return script.map((step) =>
    step.role === "tool" ? { role: "tool", call: step.call } : { role: step.role, text: step.text },
  );
}

function lastAgentIndex(steps: readonly SimStep[]): number {
  return steps.findLastIndex((step) => step.role === "agent");
}

function nextAgentIndex(steps: readonly SimStep[], from: number): number {
  return steps.findIndex((step, index) => index > from && step.role === "agent");
}

function replaceText(steps: SimStep[], index: number, text: string): void {
  if (index >= 0) steps[index] = { role: "agent", text, marked: true };
}

function countUsers(steps: readonly SimStep[]): number {
  return steps.filter((step) => step.role === "user").length;
}

/** Mistakes around a state-changing call: each rewrites the gold steps the way a weak agent would act. */
export function applyWriteMode(mode: Mode, input: readonly SimStep[], write: WriteStep, rng: Random): Plan {
  const steps = [...input];
  const w = write.index;
  const gold = steps[w];
  if (gold?.role !== "tool") throw new Error("write step is not a tool call");
  switch (mode) {
    case "wrong_arguments": {
      steps[w] = {
        role: "tool",
        call: { name: gold.call.name, arguments: write.wrongArguments ?? gold.call.arguments },
        marked: true,
      };
      for (let index = w + 1; index < steps.length; index += 1) {
        const step = steps[index];
        if (step?.role !== "agent") continue;
        steps[index] = {
          ...step,
          text: write.replacements.reduce((text, [from, to]) => text.split(from).join(to), step.text),
        };
      }
      return { mode, steps, stopReason: "finished" };
    }
    case "false_completion": {
      steps.splice(w, 1);
      const ack = nextAgentIndex(steps, w - 1);
      const step = steps[ack];
      if (step?.role === "agent") steps[ack] = { ...step, marked: true };
      return { mode, steps, stopReason: "finished" };
    }
    case "hallucinated_tool":
      steps[w] = { role: "tool", call: { name: write.hallucinatedName, arguments: gold.call.arguments }, marked: true };
      return { mode, steps, stopReason: "finished" };
    case "tool_error": {
      const bad: SimStep = { role: "tool", call: { name: gold.call.name, arguments: write.malformedArguments } };
      const kept = [...steps.slice(0, w), { ...bad, marked: true }, bad];
      if (rng.chance(0.5)) return { mode, steps: [...kept, bad], stopReason: "too_many_errors" };
      kept.push(
        { role: "agent", text: "I'm sorry, the system rejected the request twice. Please try again later." },
        { role: "user", text: "Okay, forget it then." },
      );
      return { mode, steps: kept, stopReason: "user_stop" };
    }
    case "stuck_loop": {
      const confirm = steps[w - 2];
      const lookup = steps.slice(0, w).findLast((step) => step.role === "tool" && step.call.name === "lookup_order");
      const kept = steps.slice(0, w - 1);
      const question = confirm?.role === "agent" ? confirm.text : "Shall I go ahead?";
      let first = true;
      while (countUsers(kept) < MAX_USER_TURNS) {
        kept.push({ role: "user", text: rng.pick(["Yes, I already said yes.", "Yes. Please just do it.", "Yes!"]) });
        if (lookup && rng.chance(0.5)) kept.push(lookup);
        kept.push({ role: "agent", text: `Just to double-check: ${question}`, ...(first ? { marked: true } : {}) });
        first = false;
      }
      return { mode, steps: kept, stopReason: "turn_limit" };
    }
    case "user_error": {
      const fake = `W-9${gold.call.arguments.order_id === undefined ? "000" : String(gold.call.arguments.order_id).slice(-3)}`;
      const kept: SimStep[] = [
        ...steps.slice(0, w - 1),
        { role: "user", text: `Wait, my order number is actually ${fake}, not that one.`, marked: true },
        { role: "tool", call: { name: "lookup_order", arguments: { order_id: fake } } },
        { role: "agent", text: `I couldn't find order ${fake}. Could you double-check the number?` },
        { role: "user", text: "I don't have it with me. Forget it, I'll call back." },
      ];
      return { mode, steps: kept, stopReason: "user_stop" };
    }
    case "missing_information":
      replaceText(steps, lastAgentIndex(steps), "All done! Is there anything else I can help you with?");
      return { mode, steps, stopReason: "finished" };
    case "policy_violation": {
      const violation = write.violation;
      if (!violation) return applyWriteMode("wrong_arguments", input, write, rng);
      replaceText(steps, w - 2, violation.confirm);
      steps[w] = { role: "tool", call: violation.call };
      replaceText(steps, nextAgentIndex(steps, w), violation.ack);
      return { mode, steps, stopReason: "finished" };
    }
    default:
      return { mode, steps, stopReason: "finished" };
  }
}

/** Failures of a question that needs no tool: the answer itself is wrong or missing. */
export function applyQuestionMode(mode: Mode, input: readonly SimStep[], scenario: DemoScenario): Plan {
  const steps = [...input];
  const last = lastAgentIndex(steps);
  if (mode === "hallucinated_tool") {
    const question = steps.findLast((step) => step.role === "user");
    steps.splice(last, 0, {
      role: "tool",
      call: { name: "search_faq", arguments: { query: question?.role === "user" ? question.text : "" } },
      marked: true,
    });
    replaceText(steps, last + 1, "I could not look that up right now, but it usually does not take long.");
  } else if (mode === "missing_information") {
    replaceText(steps, last, "That depends on the case; our team will let you know.");
  } else {
    replaceText(steps, last, scenario.wrongAnswer ?? "I am not sure.");
  }
  return { mode, steps, stopReason: "finished" };
}

type Judge = NonNullable<DemoTrajectory["judge"]>;

const RATIONALES: Record<Mode, string> = {
  success:
    "The agent identified the customer, made the expected change after confirmation and told the customer the outcome.",
  skip_verification:
    "The change is correct, but the agent acted without identifying the customer first, which the policy requires.",
  wrong_arguments:
    "The agent called the write tool with a wrong argument, so the stored state differs from what the customer asked for.",
  false_completion: "The agent told the customer the change was made but never called the tool that makes it.",
  tool_error:
    "The write call failed with invalid arguments and the agent repeated it unchanged instead of fixing them.",
  stuck_loop:
    "The agent kept asking for a confirmation it already had and never acted; the conversation hit the turn limit.",
  hallucinated_tool: "The agent called a tool that does not exist and then reported the request as done.",
  user_error:
    "The simulated user invented a different order number mid-conversation and gave up; the agent behaved correctly.",
  missing_information: "The change was made, but the final reply does not give the customer the required details.",
  policy_violation: "The order is outside the 30-day window; the agent refunded it instead of transferring to billing.",
  wrong_information: "The agent answered confidently with information that contradicts the policy.",
};

export function judgeFor(mode: Mode): Judge {
  const agentFault = !["success", "skip_verification", "user_error"].includes(mode);
  return {
    name: JUDGE_NAME,
    // The judge reads the conversation, not the database: a correct change with an incomplete reply still completes the goal.
    goalCompleted: mode === "success" || mode === "skip_verification" || mode === "missing_information",
    errorSource: mode === "user_error" ? "user" : agentFault ? "agent" : "none",
    toolHallucination: mode === "false_completion" || mode === "hallucinated_tool",
    userHallucination: mode === "user_error",
    policyViolation: mode === "skip_verification" || mode === "policy_violation",
    ...(mode === "success" ? {} : { failureCategory: mode === "user_error" ? "user_simulator_error" : mode }),
    rationale: RATIONALES[mode],
  };
}
